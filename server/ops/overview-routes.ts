import { fromUnits, type OpsHouse, type OpsQueueCounts } from '../../domain';
import { pendingAssetCounts } from '../assets';
import { pendingKycCount } from '../identity';
import { ieoHouseLines } from '../ieo';
import { unreadConversations } from '../kefu';
import { HOUSE_USER_ID, ledgerViolations } from '../ledger';
import { pendingLegalCounts } from '../legal';
import { leverHouseLines } from '../lever';
import { pendingListingCount } from '../listing';
import { lockmingHouseLines } from '../lockming';
import type { ServerContext } from '../module';
import { secondHouseLines } from '../second';
import { spotHouseLines } from '../trade';

/** At most this many `queues` events per second reach the consoles, however fast counts move. */
export const QUEUE_EVENTS_PER_SECOND = 4;

/** Every review queue's count, each from its owner's face. */
export async function queueCounts(ctx: Pick<ServerContext, 'engine'>): Promise<OpsQueueCounts> {
  const { engine } = ctx;
  const assets = await pendingAssetCounts(engine);
  const legal = await pendingLegalCounts(engine);
  return {
    kyc: await pendingKycCount(engine),
    bankDeposits: assets.bankDeposits,
    withdrawals: assets.withdrawals,
    merchantApplications: legal.merchantApplications,
    appeals: legal.appeals,
    listings: await pendingListingCount(engine),
    inboxUnread: await unreadConversations(engine),
  };
}

/**
 * The house per product from the owners' faces, and the ledger's invariant check run now. The
 * check reads every balance and sums the whole journal (`ledgerViolations`, the one the tests and
 * `ops db/copy` use): linear in the journal, a few seconds per million journal lines on SQLite; it
 * runs on the read connection, never holding the writer.
 */
export async function houseOf(ctx: Pick<ServerContext, 'engine' | 'ledger' | 'catalog'>): Promise<OpsHouse> {
  const { engine, ledger, catalog } = ctx;
  const house = await ledger.balancesOf(HOUSE_USER_ID);
  const balances = (account: string): Record<string, string> =>
    Object.fromEntries(
      house
        .filter((b) => b.account === account)
        .flatMap((b) => [
          [`house.${b.coin}.available`, fromUnits(b.available)],
          [`house.${b.coin}.frozen`, fromUnits(b.frozen)],
        ]),
    );
  const checkedAt = Date.now();
  const problems = await ledgerViolations(engine);
  return {
    products: [
      { product: 'lever', lines: { ...(await leverHouseLines(engine)), ...balances('lever') } },
      { product: 'second', lines: { ...(await secondHouseLines(engine)), ...balances('second') } },
      // The reserve: available is free to promise, frozen is interest promised to open positions.
      { product: 'lockming', lines: { ...(await lockmingHouseLines(engine)), ...balances('finance') } },
      { product: 'ieo', lines: await ieoHouseLines(engine) },
      { product: 'spot', lines: { ...(await spotHouseLines(engine, catalog.pairs)), ...balances('spot') } },
    ],
    ledger: { ok: problems.length === 0, checkedAt, problems: problems.slice(0, 100) },
  };
}

/**
 * Recounts the queues when an area says one may have moved (`ctx.opsEvents.queuesMoved()`), at
 * most `QUEUE_EVENTS_PER_SECOND` times a second and only while a console listens, and publishes
 * `{type: 'queues', counts}` when they differ from the last ones published. No timer runs while
 * nothing moves.
 */
export function watchQueues(ctx: Pick<ServerContext, 'engine' | 'opsEvents' | 'log'>): () => void {
  const gapMs = 1000 / QUEUE_EVENTS_PER_SECOND;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = '';
  let lastRunAt = 0;
  const run = async () => {
    timer = undefined;
    lastRunAt = Date.now();
    if (!ctx.opsEvents.listening) return;
    try {
      const counts = await queueCounts(ctx);
      const text = JSON.stringify(counts);
      if (text === last) return;
      last = text;
      ctx.opsEvents.publish({ type: 'queues', counts });
    } catch (err) {
      ctx.log.warn({ err }, 'queue counts not published');
    }
  };
  const stop = ctx.opsEvents.onQueuesMoved(() => {
    if (timer) return;
    timer = setTimeout(() => void run(), Math.max(0, lastRunAt + gapMs - Date.now()));
    timer.unref?.();
  });
  return () => {
    stop();
    if (timer) clearTimeout(timer);
  };
}

/** The console's overview routes: `house` and `queues` (read-only), and the queues' live events. */
export function registerOverview(ctx: ServerContext): () => void {
  ctx.ops.add('GET', 'house', 'read', () => houseOf(ctx));
  ctx.ops.add('GET', 'queues', 'read', () => queueCounts(ctx));
  return watchQueues(ctx);
}
