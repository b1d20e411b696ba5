import { channels, toUnits, type PrivateEvent } from '../../domain';
import { hasTxOfKind, HOUSE_USER_ID, WORLD_USER_ID } from '../ledger';
import type { ServerContext, ServerModule } from '../module';
import { DEMO_ACCOUNT, findUserByAccount } from '../mine';
import { balancePusher, toBalanceLine } from '../shared/balance-push';
import { toLeverOrder } from './dto';
import { missedOvernights, nextOvernightAt } from './overnight';
import { registerLeverRoutes } from './routes';
import { LeverService } from './service';
import { leverMigration, leverOvernightDaysMigration } from './schema';
import { leverBaseline } from './baseline';

/** Options of the lever area (tests inject a clock). */
export interface LeverModuleOptions {
  now?: () => number;
  /** Runs the daily overnight-fee timer; on unless false. */
  overnightTimer?: boolean;
}

/** The lever area module; `service` is set once registered (tests and the bench reach the engine). */
export type LeverModule = ServerModule & { service?: LeverService };

/** Builds the leveraged-contracts area: engine, routes, tape listener, overnight timer, demo grant. */
export function createLeverModule(options: LeverModuleOptions = {}): LeverModule {
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let stopTape: (() => void) | undefined;
  let stopped = false;
  /** The overnight run under way, if any (`stop` waits for it). */
  let running: Promise<void> = Promise.resolve();

  const mod: LeverModule = {
    name: 'lever',
    migrations: [leverMigration, leverOvernightDaysMigration, leverBaseline],
    async register(ctx) {
      const lever = new LeverService(ctx.engine, ctx.ledger, ctx.catalog, ctx.tape, now);
      mod.service = lever;
      await lever.load();
      // Trades committed while the server was down are applied first, in order, exactly once.
      await lever.catchUp();
      // The listener's promise settles once what the trades fired is committed (a tape that waits for
      // it can answer the trade after the triggers). A failed sweep leaves the cursor where it was: the
      // next start applies its trades again.
      stopTape = ctx.tape.onTrades((symbol, trades) =>
        lever
          .onTrades(symbol, trades)
          .catch((err: unknown) => ctx.log.error({ err }, 'lever trigger sweep failed')),
      );
      const pushBalances = balancePusher(ctx);
      lever.onChange((rows) => {
        if (!ctx.hub.hasSubscribers(channels.private)) return;
        const users = new Set<number>();
        for (const r of rows) {
          const event: PrivateEvent = { type: 'lever', order: toLeverOrder(r, lever.unitsOf(r.symbol)) };
          ctx.hub.publishToUser(r.userId, channels.private, event);
          users.add(r.userId);
        }
        for (const userId of users) pushBalances(userId);
      });
      registerLeverRoutes(ctx.registry, { engine: ctx.engine, lever, catalog: ctx.catalog });
      // Read-only: the house's exposure per pair and its balance; no operator route moves a price.
      ctx.ops.add('GET', 'lever/exposure', 'read', async () => ({
        pairs: lever.exposures(),
        house: (await ctx.ledger.balancesOf(HOUSE_USER_ID))
          .filter((b) => b.account === 'lever')
          .map(toBalanceLine),
      }));
    },
    async start(ctx) {
      const lever = mod.service!;
      if (ctx.config.mode === 'demo') await grantDemo(ctx);
      if (options.overnightTimer === false) return;
      const at = ctx.catalog.lever.overnightAtUtc;
      /** Charges every fee day due and not charged yet, oldest first: one command per day. */
      const runDue = async () => {
        for (const due of missedOvernights(now(), at, await lever.store.lastOvernightDay()))
          await lever.runOvernight(due);
      };
      await runDue();
      const schedule = () => {
        if (stopped) return;
        const next = nextOvernightAt(now(), at);
        timer = setTimeout(
          () => {
            // A refused batch (busy) is not fatal: the day stays uncharged and the next tick tries again.
            running = runDue()
              .catch((err: unknown) => ctx.log.error({ err }, 'lever overnight fee run failed'))
              .finally(schedule);
          },
          // A timer longer than 2^31 - 1 ms fires at once; re-arm instead.
          Math.min(Math.max(next - now(), 1_000), 2 ** 31 - 1),
        );
        timer.unref?.();
      };
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      stopTape?.();
      await running;
      await mod.service?.idle();
    },
  };
  return mod;
}

/** Demo mode: the demo account's lever grant from the world holder, once (a journaled transfer). */
async function grantDemo(ctx: ServerContext): Promise<void> {
  const demo = await findUserByAccount(ctx.engine, DEMO_ACCOUNT);
  if (!demo) return;
  await ctx.engine.writer.run(async () => {
    // Checked in the command that grants: two starts cannot both grant.
    if (await hasTxOfKind(ctx.engine, 'demo.leverGrant', 'users', String(demo.id))) return;
    for (const [coin, amount] of Object.entries(ctx.catalog.lever.demoGrant)) {
      await ctx.ledger.transfer(
        {
          kind: 'demo.leverGrant',
          refType: 'users',
          refId: String(demo.id),
          actor: 'system',
          memo: 'demo mode',
        },
        { userId: WORLD_USER_ID, account: 'lever', coin },
        { userId: demo.id, account: 'lever', coin },
        toUnits(amount),
      );
    }
  });
}
