// Where the console goes after a sign-in.
import type { SignOutReason } from '../../worker/api';

/** The page a sign-in came from: the `Location` parts that matter. */
export interface FromPage {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The page the session ended on (app.tsx) or the link that was opened, else the dashboard (`/`). A
 * sign-out by hand forgets the page, and so does a sign-in by another operator than the one whose
 * session ended: the next person starts on the dashboard, not on a page their role may not open.
 */
export function returnPath(
  from: FromPage | undefined,
  endedBy: SignOutReason | 'self' | null,
  previousId: number | null,
  meId: number | undefined,
): string {
  const theirs = endedBy !== 'self' && (previousId === null || previousId === meId);
  return theirs && from && from.pathname !== '/sign-in' ? `${from.pathname}${from.search}${from.hash}` : '/';
}
