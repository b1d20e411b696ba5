import type { ServerModule } from '../module';
import { CreditService } from '../identity';
import { registerAccountRoutes } from './account-routes';
import { CodeStore } from './codes';
import { registerUserOps } from './ops-routes';
import { usersFrozenMigration } from './schema';
import { registerSecurityRoutes } from './security-routes';
import { TicketStore } from './tickets';

/** Accounts and security: codes, registration, sessions, passwords and the trade password. */
export const mineModule: ServerModule = {
  name: 'mine',
  migrations: [usersFrozenMigration],
  register(ctx) {
    const { engine } = ctx;
    const credit = new CreditService(engine);
    const deps = {
      config: ctx.config,
      engine,
      sessions: ctx.sessions,
      codes: new CodeStore(engine),
      tickets: new TicketStore(engine),
      sender: ctx.sender,
      texts: ctx.texts('mine'),
      // The report keeps the score on the user row: a command, or a step of the caller's command.
      creditScore: (userId: number) => engine.writer.run(async () => (await credit.report(userId))?.score),
    };
    registerAccountRoutes(ctx.registry, deps);
    registerSecurityRoutes(ctx.registry, deps);
    const { ledger, opsJournal: journal } = ctx;
    registerUserOps(ctx.ops, { engine, sessions: ctx.sessions, journal, ledger, pairs: ctx.catalog.pairs });
  },
};
