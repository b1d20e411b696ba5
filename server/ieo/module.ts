import { addCoin } from '../market';
import type { ServerContext, ServerModule } from '../module';
import { balancePusher } from '../shared/balance-push';
import { registerIeoRoutes } from './routes';
import { ieoMigration } from './schema';
import { IeoService, type Allocated } from './service';
import type { ProjectRow } from './store';
import { ieoTermsOf } from './terms';

/** Longest a single timer waits: the clock is read again then (edits, a clock that jumps). */
const MAX_WAIT_MS = 60_000;
/** Wait before retrying an allocation run that failed. */
const RETRY_MS = 1_000;

/** The IEO area with its clock exposed to tests. */
export interface IeoModule extends ServerModule {
  /** Runs the allocation timer now (tests on a fake clock); resolves once committed. */
  sweep(): Promise<Allocated[]>;
}

/**
 * Builds the IEO area: projects, subscriptions, and the allocation timer with its restart catch-up.
 * `now` is the area's clock (tests pass a fake one). Allocation runs only from the timer and at start
 * (projects whose window ended while the server was down), each project exactly once.
 */
export function createIeoModule(options: { now?: () => number } = {}): IeoModule {
  const now = options.now ?? Date.now;
  let ctx: ServerContext;
  let service: IeoService;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<Allocated[]> = Promise.resolve([]);

  /** The new coin becomes a catalog coin once users hold it. */
  const knowCoin = (p: ProjectRow) =>
    addCoin(ctx.catalog, { symbol: p.coin, name: p.coinName, decimals: p.coinDecimals });

  const runNow = async (): Promise<Allocated[]> => {
    const done = await service.allocateDue();
    // Committed: the coin is known, balances go out.
    const push = balancePusher(ctx);
    for (const a of done) {
      knowCoin(a.project);
      for (const userId of a.userIds) void push(userId);
    }
    return done;
  };
  const run = (): Promise<Allocated[]> => (running = running.then(runNow, runNow));

  const arm = (delay?: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const wait = async () => {
      if (delay !== undefined) return delay;
      const next = await service.nextClose();
      return next === undefined ? MAX_WAIT_MS : Math.max(0, next - now());
    };
    void wait().then((ms) => {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(
        () => {
          timer = null;
          run().then(
            () => arm(),
            (err: unknown) => {
              ctx.log.error({ err }, 'ieo allocation failed; retrying');
              arm(RETRY_MS);
            },
          );
        },
        Math.min(MAX_WAIT_MS, ms),
      );
    });
  };

  const mod: IeoModule = {
    name: 'ieo',
    migrations: [ieoMigration],
    async register(c) {
      ctx = c;
      const terms = ieoTermsOf(c.catalog);
      service = new IeoService(c.engine, c.ledger, {
        terms,
        coins: c.catalog.coins,
        journal: c.opsJournal,
        now,
      });
      // Coins of projects allocated before this start are catalog coins again.
      for (const p of await service.store.allocated()) knowCoin(p);
      // Restart catch-up: windows that ended while the server was down are allocated now.
      await run();
      const pushBalances = balancePusher(c);
      registerIeoRoutes(c.registry, c.ops, {
        engine: c.engine,
        service,
        terms,
        coins: c.catalog.coins,
        onCommitted: (row) => void pushBalances(row.userId),
        onProjectsChanged: () => arm(),
      });
    },
    start() {
      arm();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running.catch(() => undefined);
    },
    sweep: () => run(),
  };
  return mod;
}
