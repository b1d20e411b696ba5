import { channels, fromUnits, type BalanceLine, type PrivateEvent } from '../../../domain';
import type { Balance } from '../../ledger';
import type { ServerContext } from '../../module';

/** A balance row as decimal strings (the `assets/balances` reply and the `balance` event). */
export function toBalanceLine(b: Balance & { account: BalanceLine['account']; coin: string }): BalanceLine {
  return { account: b.account, coin: b.coin, available: fromUnits(b.available), frozen: fromUnits(b.frozen) };
}

/**
 * Pushes a user's balances on the private channel after they changed, so open pages update without
 * polling. Every area that moves money (spot, lever, second, legal, identity and each assets flow)
 * calls this one after its transaction committed; none writes the `balance` event itself.
 *
 * Not a ledger commit hook: spot commits a whole batch in one deferred-write scope and publishes the
 * batch's order events before its balances, and areas push after their own transaction, sometimes
 * for a subset of the touched holders (never the house or the world). A hook would change the order
 * and the number of events; see docs/architecture.md.
 */
export function balancePusher(
  ctx: Pick<ServerContext, 'hub' | 'ledger' | 'log'>,
): (userId: number) => Promise<void> {
  const { hub, ledger } = ctx;
  // Reads of one user may answer out of order (a pool of connections): only the newest asked for is
  // published, so a page never shows an older balance after a newer one.
  const asked = new Map<number, number>();
  let seq = 0;
  // Resolves once the push went out (or was dropped as older), so a caller that sends a related event
  // (an operator's decision) can send it after the new balance.
  return async (userId) => {
    if (!hub.hasSubscribers(channels.private)) return;
    const mine = ++seq;
    asked.set(userId, mine);
    await ledger.balancesOf(userId).then(
      (rows) => {
        if (asked.get(userId) !== mine) return;
        asked.delete(userId);
        const event: PrivateEvent = { type: 'balance', balances: rows.map(toBalanceLine) };
        hub.publishToUser(userId, channels.private, event);
      },
      (err: unknown) => {
        if (asked.get(userId) === mine) asked.delete(userId);
        ctx.log.warn({ err, userId }, 'balance push: read failed');
      },
    );
  };
}
