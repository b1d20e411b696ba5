import { channels, fromUnits, type PrivateEvent } from '../../domain';
import type { ServerContext } from '../module';

/**
 * Pushes a user's balances on the private channel after they changed, so open pages update without
 * polling. Every assets flow (transfers, deposits, withdrawals, bank deposits) uses this one.
 */
export function balancePusher(ctx: Pick<ServerContext, 'hub' | 'ledger'>): (userId: number) => void {
  const { hub, ledger } = ctx;
  return (userId) => {
    if (!hub.hasSubscribers(channels.private)) return;
    const balances = ledger.balancesOf(userId).map((b) => ({
      account: b.account,
      coin: b.coin,
      available: fromUnits(b.available),
      frozen: fromUnits(b.frozen),
    }));
    const event: PrivateEvent = { type: 'balance', balances };
    hub.publishToUser(userId, channels.private, event);
  };
}
