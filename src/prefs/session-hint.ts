/** localStorage key: '1' after a session was known on this device, '0' after a known sign-out. */
const KEY = 'session';

/** The stored value, null when absent, undefined when storage cannot be read (private mode). */
function read(key: string): string | null | undefined {
  try {
    return localStorage.getItem(key);
  } catch {
    return undefined;
  }
}

/**
 * Whether this device certainly has no session, read before the worker answers: a known sign-out,
 * or a first visit (no preferences were ever written here, so no sign-in happened either). A page
 * that needs a user then shows its sign-in state in the first paint instead of a spinner while the
 * worker starts. Anything else (a session hint, or a device from before the hint) waits for the worker,
 * which holds the truth; so does a device whose storage cannot be read.
 */
export function knownSignedOut(): boolean {
  const hint = read(KEY);
  return hint === '0' || (hint === null && read('lang') === null);
}

/** Keeps the hint true to what the worker said: called whenever the signed-in user is known. */
export function writeSessionHint(signedIn: boolean): void {
  try {
    localStorage.setItem(KEY, signedIn ? '1' : '0');
  } catch {
    // Private mode or a full quota: pages then wait for the worker, as before.
  }
}
