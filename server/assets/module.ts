import { channels, fromUnits, type PrivateEvent } from '../../domain';
import type { ServerModule } from '../module';
import { JournalStore } from './journal-store';
import { registerAssetsRoutes } from './routes';
import { TransferService } from './transfer-service';

/** The assets area: overview of the five accounts, transfers between them, the journal. */
export const assetsModule: ServerModule = {
  name: 'assets',
  register(ctx) {
    const { ledger, hub } = ctx;
    registerAssetsRoutes(ctx.registry, {
      ledger,
      coins: ctx.catalog.coins,
      tickers: ctx.tickers,
      transfers: new TransferService(ctx.sqlite, ledger),
      journal: new JournalStore(ctx.sqlite),
      onBalances(userId) {
        if (!hub.hasSubscribers(channels.private)) return;
        const balances = ledger.balancesOf(userId).map((b) => ({
          account: b.account,
          coin: b.coin,
          available: fromUnits(b.available),
          frozen: fromUnits(b.frozen),
        }));
        const event: PrivateEvent = { type: 'balance', balances };
        hub.publishToUser(userId, channels.private, event);
      },
    });
  },
};
