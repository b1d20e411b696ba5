import { JournalStore } from '../ledger';
import type { ServerModule } from '../module';
import { balancePusher } from '../shared/balance-push';
import { registerAssetsRoutes } from './routes';
import { TransferService } from './transfer-service';
import { assetsMigration } from './schema';
import { transfersBaseline } from './baseline';

/** The assets area: overview of the five accounts, transfers between them, the journal. */
export const assetsModule: ServerModule = {
  name: 'assets',
  migrations: [assetsMigration, transfersBaseline],
  register(ctx) {
    const { ledger } = ctx;
    registerAssetsRoutes(ctx.registry, {
      ledger,
      coins: ctx.catalog.coins,
      tickers: ctx.tickers,
      transfers: new TransferService(ctx.engine, ledger),
      journal: new JournalStore(ctx.engine),
      onBalances: balancePusher(ctx),
    });
  },
};
export { createBankModule } from './bank/module';
export { createDepositsModule } from './deposits/module';
export { withdrawalsModule } from './withdrawals/module';
