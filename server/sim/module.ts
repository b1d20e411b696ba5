import { fail, notFound, str } from '../http';
import type { ServerModule } from '../module';
import { normalizeAccount } from '../mine';
import { readOutbox } from './outbox';
import { simChainMigration, simChainOrderMigration } from './schema';
import { simChainBaseline } from './baseline';

/**
 * SIMULATORS. Exposes the code outbox at `dev/outbox` so a demo user (and the tests) can read the
 * codes the OutboxSender "sent". In production the endpoint does not exist (HTTP 404).
 */
export const simModule: ServerModule = {
  name: 'sim',
  migrations: [simChainMigration, simChainOrderMigration, simChainBaseline],
  register(ctx) {
    ctx.registry.add('dev/outbox', async ({ input }) => {
      if (ctx.config.mode !== 'demo') throw notFound();
      const account = normalizeAccount(str(input, 'account'));
      if (account === '') throw fail('required', 'account');
      return readOutbox(ctx.engine, account);
    });
  },
};
