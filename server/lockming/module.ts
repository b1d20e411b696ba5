import { toUnits } from '../../domain';
import { DAY_MS, lastAccrualAt } from '../../domain/lockming-math';
import { hasTxFor, WORLD_USER_ID, HOUSE_USER_ID } from '../ledger';
import type { ServerContext, ServerModule } from '../module';
import { balancePusher } from '../shared/balance-push';
import { productFields, registerLockmingOps } from './ops-routes';
import { registerLockmingRoutes } from './routes';
import { lockmingMigration } from './schema';
import { LockmingService } from './service';

/** Options of the area (tests pass a clock and leave the timer off to drive payouts themselves). */
export interface LockmingModuleOptions {
  now?: () => number;
  /** Runs the daily payout timer; on unless false. The catch-up at registration always runs. */
  timer?: boolean;
}

/** The area module; `service` is set once registered. */
export type LockmingModule = ServerModule & { service?: LockmingService };

/** Wait before trying a failed payout run again. */
const RETRY_MS = 60_000;

/**
 * Builds the lock-up and deposit savings area: its routes, operator routes, the payout catch-up at
 * start (every payout due while the server was down, each exactly once) and the daily payout timer
 * at the catalog's UTC time.
 */
export function createLockmingModule(options: LockmingModuleOptions = {}): LockmingModule {
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let push: (userId: number) => void = () => undefined;

  const mod: LockmingModule = {
    name: 'lockming',
    migrations: [lockmingMigration],
    async register(ctx) {
      const service = new LockmingService(ctx.engine, ctx.ledger, ctx.catalog, now);
      mod.service = service;
      const pushBalances = balancePusher(ctx);
      push = (userId) => void pushBalances(userId);
      // Restart catch-up: payouts that fell due while the server was down, oldest first.
      for (const u of await service.accrueDue()) push(u);
      registerLockmingRoutes(ctx.registry, {
        engine: ctx.engine,
        service,
        catalog: ctx.catalog,
        changed: push,
      });
      registerLockmingOps(ctx, service);
    },
    async start(ctx) {
      const service = mod.service!;
      if (ctx.config.mode === 'demo') await seedDemo(ctx, service);
      if (options.timer === false) return;
      const run = () => {
        running = service
          .accrueDue()
          .then((users) => {
            for (const u of users) push(u);
            schedule(0);
          })
          .catch((err: unknown) => {
            ctx.log.error({ err }, 'lockming payout run failed; retrying');
            schedule(RETRY_MS);
          });
      };
      const schedule = (retryMs: number) => {
        if (stopped) return;
        const at = now();
        const next = lastAccrualAt(at, service.accrualAtUtc) + DAY_MS;
        const wait = retryMs > 0 ? retryMs : next - at;
        // A timer longer than 2^31 - 1 ms fires at once; re-arm instead.
        timer = setTimeout(run, Math.min(Math.max(wait, 1_000), 2 ** 31 - 1));
        timer.unref?.();
      };
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
  return mod;
}

/**
 * Demo mode: the house's reserve granted once per coin from the world holder, and the catalog's
 * demo products created once (as operator `demo`, journaled) when there are none.
 */
async function seedDemo(ctx: ServerContext, service: LockmingService): Promise<void> {
  const { lockming } = ctx.catalog;
  await ctx.engine.writer.run(async () => {
    for (const [coin, amount] of Object.entries(lockming.demoReserve)) {
      // Checked in the command that grants: two starts cannot both grant.
      if (await hasTxFor(ctx.engine, 'lockming_reserve', coin)) continue;
      await ctx.ledger.transfer(
        { kind: 'demo.grant', refType: 'lockming_reserve', refId: coin, actor: 'system', memo: 'demo mode' },
        { userId: WORLD_USER_ID, account: 'finance', coin },
        { userId: HOUSE_USER_ID, account: 'finance', coin },
        toUnits(amount),
      );
    }
    if ((await service.store.countProducts()) > 0) return;
    const at = service.now();
    for (const spec of lockming.demoProducts) {
      const fields = productFields(
        {
          ...spec,
          opensAt: Math.max(spec.opensAt, at),
          closesAt: spec.kind === 'savings' && spec.closesAt == null ? at + 365 * DAY_MS : spec.closesAt,
        },
        service,
        at,
      );
      const id = await service.store.insertProduct(fields, 'demo', at);
      await ctx.opsJournal.record({
        operator: 'demo',
        action: 'lockming.create',
        targetType: 'lockming_products',
        targetId: String(id),
        detail: { name: fields.name, coin: fields.coin, kind: fields.kind },
      });
    }
  });
}
