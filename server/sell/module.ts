import type { ServerModule } from '../module';
import { registerSellRoutes } from './routes';
import { sellMigration } from './schema';
import { SellService } from './service';

/** Options of the quick-sell area. */
export interface SellModuleOptions {
  /** The clock quotes are dated and expired by, epoch ms (tests pass a fake one). */
  now?: () => number;
}

/** Builds the quick-sell area: quotes, execution through the spot desk, the log. */
export function createSellModule(options: SellModuleOptions = {}): ServerModule & { service?: SellService } {
  const now = options.now ?? Date.now;
  const mod: ServerModule & { service?: SellService } = {
    name: 'sell',
    migrations: [sellMigration],
    register(ctx) {
      const service = new SellService(ctx.engine, ctx.ledger, now);
      mod.service = service;
      // Balances and order events go out with the spot batch that executed the sell.
      registerSellRoutes(ctx.registry, { engine: ctx.engine, service, catalog: ctx.catalog, now });
    },
  };
  return mod;
}
