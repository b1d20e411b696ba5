import { KEFU_CHANNEL } from '../../domain/kefu-types';
import type { ServerModule } from '../module';
import { registerKefuOps } from './ops-routes';
import { registerKefuRoutes } from './routes';
import { KefuStore } from './store';
import { kefuMigration } from './schema';
import { kefuBaseline } from './baseline';
import { kefuConsoleMigration } from './console-schema';
import { registerKefuConsole } from './console-routes';

/** The support chat: user routes, the private `kefu` socket channel, operator replies. */
export const kefuModule: ServerModule = {
  name: 'kefu',
  migrations: [kefuMigration, kefuBaseline, kefuConsoleMigration],
  register(ctx) {
    const store = new KefuStore(ctx.engine);
    ctx.hub.onSubscribe(KEFU_CHANNEL, undefined, { private: true });
    registerKefuRoutes(ctx.registry, store, ctx.hub, ctx.opsEvents);
    const events = ctx.opsEvents;
    registerKefuOps(ctx.ops, { engine: ctx.engine, store, journal: ctx.opsJournal, hub: ctx.hub, events });
    registerKefuConsole(ctx.ops, { engine: ctx.engine, journal: ctx.opsJournal, events });
  },
};
