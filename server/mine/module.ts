import type { ServerModule } from '../module';
import { registerAccountRoutes } from './account-routes';
import { CodeStore } from './codes';
import { registerSecurityRoutes } from './security-routes';
import { TicketStore } from './tickets';

/** Accounts and security: codes, registration, sessions, passwords and the trade password. */
export const mineModule: ServerModule = {
  name: 'mine',
  register(ctx) {
    const deps = {
      config: ctx.config,
      db: ctx.db,
      sessions: ctx.sessions,
      codes: new CodeStore(ctx.db),
      tickets: new TicketStore(ctx.db),
      sender: ctx.sender,
    };
    registerAccountRoutes(ctx.registry, deps);
    registerSecurityRoutes(ctx.registry, deps);
  },
};
