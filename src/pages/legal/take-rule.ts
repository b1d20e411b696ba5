import type { LegalMe } from '../../../domain/legal';

/** Why the server would refuse the caller's take of an ad on `side` now. */
export type TakeBlock =
  { reason: 'frozen'; text: string } | { reason: 'cancelLimit'; cancels: number; until: number } | null;

/**
 * The server's refusals of `legal/take` that the page can know before the user fills in the form
 * (server/legal/order-service.ts): a frozen fiat account takes nothing; after the day's last
 * allowed cancellation the user may not buy until the next UTC day (`cancelsResetAt`). Selling to
 * a buy ad stays open then. Null while `me` is unknown (signed out, loading): the server decides.
 */
export function takeBlock(me: LegalMe | null, side: 'buy' | 'sell'): TakeBlock {
  if (!me) return null;
  if (me.freeze) return { reason: 'frozen', text: me.freeze.reason };
  if (side === 'buy' && me.cancelsLeft === 0) {
    return { reason: 'cancelLimit', cancels: me.cancelsToday, until: me.cancelsResetAt };
  }
  return null;
}

/** The id of the note that says why the take buttons are disabled (their `aria-describedby`). */
export const TAKE_BLOCKED_ID = 'legal-take-blocked';
