import {
  num,
  sql,
  statementsByKey,
  statementsOf,
  type AsyncPrepared,
  type AsyncPreparedSet,
  type Engine,
} from '../db';
import { byListSize, idLists, placeholders, type IdListSize } from '../shared/id-lists';

/** A stored trade as the trade tape reads it; integers may come back as bigints. */
export interface TapeRow {
  id: number | bigint;
  symbol: string;
  price_ticks: number | bigint;
  lots: number | bigint;
  ts: number | bigint;
}

/** A stored trade with its two users and their fees, as referral rebates read it. */
export interface FeeTradeRow {
  id: number;
  symbol: string;
  takerSide: 'buy' | 'sell';
  makerUserId: number;
  takerUserId: number;
  /** Ledger minor units: the buyer's fee is in base, the seller's in quote. */
  makerFee: bigint;
  takerFee: bigint;
}

const TAPE_COLS = 'id, symbol, price_ticks, lots, ts';

const count = (r: Record<string, unknown>): number => num(r.n);

// Read as numbers, as the tape always had them (the set runs with bigints for the fee columns).
const toTape = (r: Record<string, unknown>): TapeRow => ({
  id: num(r.id),
  symbol: r.symbol as string,
  price_ticks: num(r.price_ticks),
  lots: num(r.lots),
  ts: num(r.ts),
});

const toFeeTrade = (r: Record<string, unknown>): FeeTradeRow => ({
  id: num(r.id),
  symbol: r.symbol as string,
  takerSide: r.takerSide as 'buy' | 'sell',
  makerUserId: num(r.makerUserId),
  takerUserId: num(r.takerUserId),
  makerFee: BigInt(r.makerFee as bigint),
  takerFee: BigInt(r.takerFee as bigint),
});

/**
 * Which of a list of user ids traded since an instant, one statement per list length. The ids are
 * a `values` table (its one column is `column1` on both engines), cast so PostgreSQL compares them
 * as integers.
 */
const TRADED_SINCE = byListSize((size) =>
  sql<[...ids: number[], since: number, since2: number], number>(
    `select u.column1 as id from (values ${placeholders(size, '(cast(? as bigint))')}) u where
       coalesce((select ts from spot_trades where maker_user_id = u.column1 order by id desc limit 1), 0) >= ?
       or coalesce((select ts from spot_trades where taker_user_id = u.column1 order by id desc limit 1), 0) >= ?`,
    (r) => num(r.id),
  ),
);

/** The statements over spot_trades and spot_orders that other areas read, named by what they do. */
const STATEMENTS = {
  lastTrade: sql<[symbol: string], TapeRow>(
    `select ${TAPE_COLS} from spot_trades where symbol = ? order by id desc limit 1`,
    toTape,
  ),
  tradesSince: sql<[symbol: string, afterId: number, limit: number], TapeRow>(
    `select ${TAPE_COLS} from spot_trades where symbol = ? and id > ? order by id limit ?`,
    toTape,
  ),
  tradeAtOrBefore: sql<[symbol: string, ts: number], TapeRow>(
    `select ${TAPE_COLS} from spot_trades where symbol = ? and ts <= ? order by ts desc, id desc limit 1`,
    toTape,
  ),
  tradeById: sql<[id: number], TapeRow>(`select ${TAPE_COLS} from spot_trades where id = ?`, toTape),
  latestTradeId: sql<[], number>('select coalesce(max(id), 0) as n from spot_trades', count),
  feeTradesBetween: sql<[afterId: number, upTo: number, limit: number], FeeTradeRow>(
    `select id, symbol, taker_side as "takerSide", maker_user_id as "makerUserId",
       taker_user_id as "takerUserId", maker_fee_units as "makerFee", taker_fee_units as "takerFee"
     from spot_trades where id > ? and id <= ? order by id limit ?`,
    toFeeTrade,
  ),
  filledOrderCount: sql<[userId: number], number>(
    'select count(*) as n from spot_orders where user_id = ? and filled_lots > 0',
    count,
  ),
  cancelledUnfilledSince: sql<[userId: number, since: number], number>(
    `select count(*) as n from spot_orders
     where user_id = ? and status = 'cancelled' and filled_lots = 0 and updated_at >= ?`,
    count,
  ),
};

/**
 * The spot area's face on its committed trades and orders for the other areas: the trade tape's
 * reads (market), the trades referral rebates pay on and the activity of a team (identity), and the
 * order counts of the credit score. Read-only: only the spot engine writes `spot_trades` and
 * `spot_orders`. Reads committed data, or, inside a writer command, what the batch has written so far.
 */
export class TradeLog {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;
  readonly #tradedSince: (
    size: IdListSize,
  ) => AsyncPrepared<[...ids: number[], since: number, since2: number], number>;

  constructor(engine: Engine) {
    // Fee columns can pass 2^53 minor units: integers come back as bigint, the mappers narrow the rest.
    this.#q = statementsOf(engine, STATEMENTS, { bigints: true });
    this.#tradedSince = statementsByKey(engine, TRADED_SINCE, { bigints: true });
  }

  /** The last stored trade of a market. */
  lastTrade(symbol: string): Promise<TapeRow | undefined> {
    return this.#q.lastTrade.get(symbol);
  }

  /** Stored trades of a market after trade id `afterId`, oldest first, at most `limit`. */
  tradesSince(symbol: string, afterId: number, limit: number): Promise<TapeRow[]> {
    return this.#q.tradesSince.all(symbol, afterId, limit);
  }

  /**
   * The last stored trade of a market at or before `ts`. Trade ids grow with time within a market,
   * so the newest (ts, id) at or before `ts` is the last trade. Ordered by (ts, id) so the
   * `(symbol, ts)` index (012-second) seeks straight to it, however many later trades there are;
   * ordering by id alone walks back over every later trade.
   */
  tradeAtOrBefore(symbol: string, ts: number): Promise<TapeRow | undefined> {
    return this.#q.tradeAtOrBefore.get(symbol, ts);
  }

  /** A stored trade by id. */
  tradeById(id: number): Promise<TapeRow | undefined> {
    return this.#q.tradeById.get(id);
  }

  /** The id of the newest stored trade, 0 when there is none. */
  async latestTradeId(): Promise<number> {
    return (await this.#q.latestTradeId.get())!;
  }

  /** Trades with ids in (`afterId`, `upTo`], oldest first, at most `limit`, with users and fees. */
  feeTradesBetween(afterId: number, upTo: number, limit: number): Promise<FeeTradeRow[]> {
    return this.#q.feeTradesBetween.all(afterId, upTo, limit);
  }

  /**
   * The users among `userIds` whose latest trade as maker or as taker (by id, which is in time
   * order) is at or after `since` (ms since the epoch).
   */
  async tradedSince(userIds: Iterable<number>, since: number): Promise<Set<number>> {
    const out = new Set<number>();
    for (const list of idLists(userIds)) {
      for (const id of await this.#tradedSince(list.size).all(...list.ids, since, since)) out.add(id);
    }
    return out;
  }

  /** How many of the user's orders filled at least in part. */
  async filledOrderCount(userId: number): Promise<number> {
    return (await this.#q.filledOrderCount.get(userId))!;
  }

  /** How many of the user's orders were cancelled without any fill at or after `since` (ms). */
  async cancelledUnfilledSince(userId: number, since: number): Promise<number> {
    return (await this.#q.cancelledUnfilledSince.get(userId, since))!;
  }
}
