import { Secret, TOTP } from 'otpauth';

/** The issuer an authenticator app shows beside the operator's name. */
export const TOTP_ISSUER = 'Exchange ops';
/** A TOTP time step, in milliseconds (RFC 6238's 30 s). */
export const TOTP_STEP_MS = 30_000;
/** Steps accepted either side of the server's, for clocks that drift and codes typed late. */
export const TOTP_WINDOW = 1;

/** A fresh random TOTP secret (160 bits, as RFC 4226 recommends for SHA-1), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(name: string, secret: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: name,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_STEP_MS / 1000,
  });
}

/** The `otpauth://totp/…` URI an authenticator app reads from the enrolment QR code. */
export function totpUri(name: string, secret: string): string {
  return totpOf(name, secret).toString();
}

/** The code of `secret` at `at` (ms since the epoch): for tests and the console's own checks. */
export function totpCode(secret: string, at: number): string {
  return totpOf('x', secret).generate({ timestamp: at });
}

/**
 * The time step `code` is valid for at `now` (within ±TOTP_WINDOW steps), or null. A step at or
 * before `lastStep` (the newest one already accepted for this operator) is refused: a code seen
 * once, on the wire or over a shoulder, cannot sign in again, nor can an older one.
 */
export function acceptTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  now: number,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf('x', secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now / TOTP_STEP_MS) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}
