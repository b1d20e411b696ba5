import type { ServerModule } from '../module';
import { CreditService } from '../identity';
import { registerAccountRoutes } from './account-routes';
import { CodeStore } from './codes';
import { registerSecurityRoutes } from './security-routes';
import { TicketStore } from './tickets';

/** Accounts and security: codes, registration, sessions, passwords and the trade password. */
export const mineModule: ServerModule = {
  name: 'mine',
  register(ctx) {
    const credit = new CreditService(ctx.sqlite);
    const deps = {
      config: ctx.config,
      sqlite: ctx.sqlite,
      sessions: ctx.sessions,
      codes: new CodeStore(ctx.sqlite),
      tickets: new TicketStore(ctx.sqlite),
      sender: ctx.sender,
      texts: ctx.texts('mine'),
      creditScore: (userId: number) => credit.report(userId)?.score,
    };
    registerAccountRoutes(ctx.registry, deps);
    registerSecurityRoutes(ctx.registry, deps);
  },
};
