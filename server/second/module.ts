import { channels, type PrivateEvent } from '../../domain';
import { balancePusher } from '../shared/balance-push';
import type { ServerContext, ServerModule } from '../module';
import { grantDemoSecond } from './demo-grant';
import { toSecondOption } from './dto';
import { OptionService } from './option-service';
import type { OptionRow } from './option-store';
import { registerSecondRoutes } from './routes';
import { secondMigration } from './schema';
import { secondSettlementMigration } from './settlement-schema';
import { secondBaseline } from './baseline';

/** Longest a single timer waits (setTimeout's limit); a later expiry is re-armed on wake-up. */
const MAX_WAIT_MS = 2_147_483_647;
/** Wait before retrying a settlement batch that failed. */
const RETRY_MS = 1_000;

/**
 * Builds the timed-option area: the service, its routes, the expiry timer and the restart catch-up.
 * Settlement runs only from the timer (and at start for options that expired while the server was
 * down), in expiry order, each exactly once.
 */
export function createSecondModule(): ServerModule & { service?: OptionService } {
  let ctx: ServerContext;
  let service: OptionService;
  let timer: NodeJS.Timeout | null = null;
  let armedFor = Infinity;
  let stopped = false;
  /** The settlement under way, if any (`stop` waits for it). */
  let settling: Promise<boolean> = Promise.resolve(true);

  const publish = (row: OptionRow) => {
    if (!ctx.hub.hasSubscribers(channels.private)) return;
    const event: PrivateEvent = {
      type: 'second',
      option: toSecondOption(row, ctx.catalog.second.stakeDecimals),
    };
    ctx.hub.publishToUser(row.userId, channels.private, event);
  };

  /**
   * Settles what is due (one command); false when it failed, a refused batch (busy) included: the
   * options stay queued and the timer tries again.
   */
  const settleNow = async (): Promise<boolean> => {
    let settled: OptionRow[];
    try {
      settled = await service.settleDue(Date.now());
    } catch (err) {
      ctx.log.error({ err }, 'option settlement failed; retrying');
      return false;
    }
    // Committed: events and balances go out now.
    const pushBalances = balancePusher(ctx);
    for (const row of settled) publish(row);
    for (const userId of new Set(settled.map((r) => r.userId))) pushBalances(userId);
    return true;
  };
  const settle = (): Promise<boolean> => (settling = settleNow());

  /** Keeps one timer armed for the earliest open expiry. */
  const arm = (delayAtLeast = 0) => {
    if (stopped) return;
    const next = service.nextExpiry();
    if (next === undefined) return;
    // Strictly after the expiry millisecond: every trade at or before it has then been committed.
    const at = Math.max(next + 1, Date.now() + delayAtLeast);
    if (at >= armedFor) return;
    if (timer) clearTimeout(timer);
    armedFor = at;
    timer = setTimeout(
      () => {
        timer = null;
        armedFor = Infinity;
        void settle().then((ok) => arm(ok ? 0 : RETRY_MS));
      },
      Math.min(MAX_WAIT_MS, Math.max(0, at - Date.now())),
    );
  };

  const mod: ServerModule & { service?: OptionService } = {
    name: 'second',
    migrations: [secondMigration, secondSettlementMigration, secondBaseline],
    async register(c) {
      ctx = c;
      const terms = c.catalog.second;
      service = new OptionService(
        c.engine,
        c.ledger,
        c.tape,
        terms,
        c.catalog.pairs.map((p) => p.symbol),
      );
      mod.service = service;
      // Restart catch-up: options that expired while the server was down settle now, in expiry order,
      // from the stored trades; the rest wait for the timer.
      await service.load();
      await settle();
      const pushBalances = balancePusher(c);
      registerSecondRoutes(c.registry, {
        service,
        terms,
        onPlaced(row) {
          publish(row);
          pushBalances(row.userId);
          arm();
        },
      });
    },
    async start(c) {
      if (
        c.config.mode === 'demo' &&
        (await grantDemoSecond(c.engine, c.ledger, c.catalog.second)) !== null
      ) {
        c.log.info('demo account granted its option (second) balance');
      }
      arm();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await settling;
    },
  };
  return mod;
}
