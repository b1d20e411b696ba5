import type { ServerModule } from '../module';
import { registerNewsOps } from './ops-routes';
import { registerNewsRoutes } from './routes';
import { NewsStore } from './store';
import { newsMigration } from './schema';
import { newsBaseline } from './baseline';

/** News, notices and the help centre: public reads, operator publishing. */
export const newsModule: ServerModule = {
  name: 'news',
  migrations: [newsMigration, newsBaseline],
  register(ctx) {
    const store = new NewsStore(ctx.engine);
    registerNewsRoutes(ctx.registry, store);
    registerNewsOps(ctx.ops, { engine: ctx.engine, store, journal: ctx.opsJournal });
  },
};
