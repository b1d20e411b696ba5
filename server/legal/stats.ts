import type { MerchantStats } from '../../domain/legal';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

/** The statistics window, in milliseconds. */
export const STATS_WINDOW_MS = 30 * 24 * 3_600_000;

interface EventFact {
  orderId: number;
  buyerId: number;
  sellerId: number;
  kind: string;
  role: string;
  detail: string;
  at: number;
}

interface Counts {
  total: number;
  completed: number;
  recent: number;
}

/** The statements the statistics read, named by what they do. */
const STATEMENTS = {
  facts: sql<[merchantId: number, since: number], EventFact>(
    `select e.order_id as "orderId", o.buyer_id as "buyerId", o.seller_id as "sellerId", e.kind, e.role,
            e.detail, e.created_at as at
     from legal_orders o join legal_events e on e.order_id = o.id
     where o.merchant_id = ? and e.created_at >= ?
       and e.kind in ('paid', 'released', 'cancelled', 'expired', 'decided')
     order by e.id`,
    // Number(): PostgreSQL's driver gives bigint columns, counts and sums as strings.
    (r) => ({
      orderId: Number(r.orderId),
      buyerId: Number(r.buyerId),
      sellerId: Number(r.sellerId),
      kind: r.kind as string,
      role: r.role as string,
      detail: r.detail as string,
      at: Number(r.at),
    }),
  ),
  counts: sql<[since: number, merchantId: number], Counts>(
    `select count(*) as total,
            coalesce(sum(case when status = 'completed' then 1 else 0 end), 0) as completed,
            coalesce(sum(case when created_at >= ? then 1 else 0 end), 0) as recent
     from legal_orders where merchant_id = ?`,
    (r) => ({ total: Number(r.total), completed: Number(r.completed), recent: Number(r.recent) }),
  ),
};

/**
 * Merchant statistics computed from the order timelines each time they are read (never stored, so
 * nobody can type them in). Completion rate over 30 days = completed ÷ (completed + cancelled on the
 * merchant's side + appeals the merchant lost); median release time over 30 days = "paid" to
 * "released" where the merchant was the seller and released.
 */
export class MerchantStatsReader {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(
    engine: Engine,
    private readonly now: () => number,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** The statistics of merchant `merchantId` as of now (committed data). */
  async stats(merchantId: number): Promise<MerchantStats> {
    const since = this.now() - STATS_WINDOW_MS;
    const counts = (await this.#q.counts.get(since, merchantId))!;
    const facts = await this.#q.facts.all(merchantId, since);
    let completed = 0;
    let cancelled = 0;
    let lost = 0;
    const paidAt = new Map<number, number>();
    const releaseSecs: number[] = [];
    for (const f of facts) {
      const merchantIsBuyer = f.buyerId === merchantId;
      if (f.kind === 'paid') paidAt.set(f.orderId, f.at);
      else if (f.kind === 'released') {
        completed++;
        const paid = paidAt.get(f.orderId);
        if (!merchantIsBuyer && paid !== undefined) releaseSecs.push(Math.floor((f.at - paid) / 1000));
      } else if (f.kind === 'cancelled' || f.kind === 'expired') {
        // Only the buyer cancels, and an expiry is the buyer not paying: the merchant's side when buying.
        if (merchantIsBuyer) cancelled++;
      } else if (f.kind === 'decided') {
        const outcome = (JSON.parse(f.detail) as { outcome?: string }).outcome;
        const merchantWon = merchantIsBuyer ? outcome === 'release' : outcome === 'return';
        if (merchantWon) completed += outcome === 'release' ? 1 : 0;
        else lost++;
      }
    }
    const denom = completed + cancelled + lost;
    return {
      orders30d: counts.recent,
      completedTotal: counts.completed,
      ordersTotal: counts.total,
      completionRate30d: denom === 0 ? null : rateText(completed, denom),
      medianReleaseSec30d: median(releaseSecs),
    };
  }
}

/** `n ÷ d` with 4 decimals, floored, as text (`0.9583`). */
function rateText(n: number, d: number): string {
  const scaled = Math.floor((n * 10_000) / d);
  return `${Math.floor(scaled / 10_000)}.${String(scaled % 10_000).padStart(4, '0')}`;
}

/** The median of whole seconds (the lower middle for an even count), or null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
