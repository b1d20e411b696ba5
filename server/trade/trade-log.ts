import type { Database as SqliteDb, Statement } from 'better-sqlite3';

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

/** A batch of ids as one bound value, for `json_each(?)`. */
const idList = (ids: Iterable<number>): string => JSON.stringify([...new Set(ids)]);

/**
 * The spot area's face on its committed trades and orders for the other areas: the trade tape's
 * reads (market), the trades referral rebates pay on and the activity of a team (identity), and the
 * order counts of the credit score. Read-only: only the spot engine writes `spot_trades` and
 * `spot_orders`. Statements are prepared on first use and kept.
 */
export class TradeLog {
  readonly #statements = new Map<string, Statement>();

  constructor(private readonly sqlite: SqliteDb) {}

  #s(name: string, make: (sqlite: SqliteDb) => Statement): Statement {
    let stmt = this.#statements.get(name);
    if (!stmt) this.#statements.set(name, (stmt = make(this.sqlite)));
    return stmt;
  }

  /** The last stored trade of a market. */
  lastTrade(symbol: string): TapeRow | undefined {
    return this.#s('lastTrade', (db) =>
      db.prepare(`select ${TAPE_COLS} from spot_trades where symbol = ? order by id desc limit 1`),
    ).get(symbol) as TapeRow | undefined;
  }

  /** Stored trades of a market after trade id `afterId`, oldest first, at most `limit`. */
  tradesSince(symbol: string, afterId: number, limit: number): TapeRow[] {
    return this.#s('tradesSince', (db) =>
      db.prepare(`select ${TAPE_COLS} from spot_trades where symbol = ? and id > ? order by id limit ?`),
    ).all(symbol, afterId, limit) as TapeRow[];
  }

  /**
   * The last stored trade of a market at or before `ts`. Trade ids grow with time within a market,
   * so the newest (ts, id) at or before `ts` is the last trade. Ordered by (ts, id) so the
   * `(symbol, ts)` index (012-second) seeks straight to it, however many later trades there are;
   * ordering by id alone walks back over every later trade.
   */
  tradeAtOrBefore(symbol: string, ts: number): TapeRow | undefined {
    return this.#s('tradeAtOrBefore', (db) =>
      db.prepare(
        `select ${TAPE_COLS} from spot_trades where symbol = ? and ts <= ? order by ts desc, id desc limit 1`,
      ),
    ).get(symbol, ts) as TapeRow | undefined;
  }

  /** A stored trade by id. */
  tradeById(id: number): TapeRow | undefined {
    return this.#s('tradeById', (db) => db.prepare(`select ${TAPE_COLS} from spot_trades where id = ?`)).get(
      id,
    ) as TapeRow | undefined;
  }

  /** The id of the newest stored trade, 0 when there is none. */
  latestTradeId(): number {
    return Number(
      this.#s('latestTradeId', (db) =>
        db.prepare('select coalesce(max(id), 0) from spot_trades').pluck(),
      ).get(),
    );
  }

  /** Trades with ids in (`afterId`, `upTo`], oldest first, at most `limit`, with users and fees. */
  feeTradesBetween(afterId: number, upTo: number, limit: number): FeeTradeRow[] {
    const rows = this.#s('feeTradesBetween', (db) =>
      db
        .prepare(
          `select id, symbol, taker_side as takerSide, maker_user_id as makerUserId,
             taker_user_id as takerUserId, maker_fee_units as makerFee, taker_fee_units as takerFee
           from spot_trades where id > ? and id <= ? order by id limit ?`,
        )
        .safeIntegers(true),
    ).all(afterId, upTo, limit) as Record<string, unknown>[];
    return rows.map((r) => ({
      id: Number(r.id as bigint),
      symbol: r.symbol as string,
      takerSide: r.takerSide as 'buy' | 'sell',
      makerUserId: Number(r.makerUserId as bigint),
      takerUserId: Number(r.takerUserId as bigint),
      makerFee: r.makerFee as bigint,
      takerFee: r.takerFee as bigint,
    }));
  }

  /**
   * The users among `userIds` whose latest trade as maker or as taker (by id, which is in time
   * order) is at or after `since` (ms since the epoch).
   */
  tradedSince(userIds: Iterable<number>, since: number): Set<number> {
    const ids = this.#s('tradedSince', (db) =>
      db
        .prepare(
          `select u.value from json_each(:ids) u where
             coalesce((select ts from spot_trades where maker_user_id = u.value order by id desc limit 1), 0) >= :since
             or coalesce((select ts from spot_trades where taker_user_id = u.value order by id desc limit 1), 0) >= :since`,
        )
        .pluck(),
    ).all({ ids: idList(userIds), since }) as number[];
    return new Set(ids);
  }

  /** How many of the user's orders filled at least in part. */
  filledOrderCount(userId: number): number {
    return Number(
      this.#s('filledOrderCount', (db) =>
        db.prepare('select count(*) from spot_orders where user_id = ? and filled_lots > 0').pluck(),
      ).get(userId),
    );
  }

  /** How many of the user's orders were cancelled without any fill at or after `since` (ms). */
  cancelledUnfilledSince(userId: number, since: number): number {
    return Number(
      this.#s('cancelledUnfilledSince', (db) =>
        db
          .prepare(
            `select count(*) from spot_orders
             where user_id = ? and status = 'cancelled' and filled_lots = 0 and updated_at >= ?`,
          )
          .pluck(),
      ).get(userId, since),
    );
  }
}
