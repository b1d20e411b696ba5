import type { Database as SqliteDb } from 'better-sqlite3';
import { type CoinInfo, type PairInfo, UNIT_DECIMALS } from '../../domain';
import { prepareAll, sql, type PreparedSet } from '../db';
import { HOUSE_USER_ID, type Ledger } from '../ledger';
import { accounts, type Accounts } from '../mine';
import { tradeLog, type FeeTradeRow, type TradeLog } from '../trade';
import { sharePpm } from '../market';

/** Trades with a referred side paid per transaction when catching up. */
const CHUNK = 500;
/** Trades read at a time while looking for those with a referred side. */
const SCAN = 2_000;
/** How often a cursor moved past trades without rebates is saved, in milliseconds. */
const CURSOR_SAVE_MS = 5_000;

export interface TradeRow extends FeeTradeRow {
  makerRef: number | null;
  takerRef: number | null;
}

/** One rebate as computed, before it is posted. */
export interface Rebate {
  tradeId: number;
  symbol: string;
  referrerId: number;
  referralId: number;
  coin: string;
  feeUnits: bigint;
  units: bigint;
}

/**
 * The rebates of one trade: each side whose user has a referrer pays that referrer `share` of its
 * fee, floored to the coin's decimals. The buyer pays its fee in base, the seller in quote
 * (server/trade/order-service.ts), so maker and taker fees are in different coins.
 */
export function rebatesOf(
  t: TradeRow,
  pair: Pick<PairInfo, 'base' | 'quote'>,
  ppm: bigint,
  decimalsOf: (coin: string) => number,
): Rebate[] {
  const out: Rebate[] = [];
  const takerBuys = t.takerSide === 'buy';
  const sides = [
    { user: t.makerUserId, ref: t.makerRef, fee: t.makerFee, coin: takerBuys ? pair.quote : pair.base },
    { user: t.takerUserId, ref: t.takerRef, fee: t.takerFee, coin: takerBuys ? pair.base : pair.quote },
  ];
  for (const s of sides) {
    if (s.ref === null || s.ref < 1 || s.fee <= 0n) continue;
    const step = 10n ** BigInt(UNIT_DECIMALS - decimalsOf(s.coin));
    const units = ((s.fee * ppm) / 1_000_000n / step) * step;
    if (units <= 0n) continue;
    out.push({
      tradeId: t.id,
      symbol: t.symbol,
      referrerId: s.ref,
      referralId: s.user,
      coin: s.coin,
      feeUnits: s.fee,
      units,
    });
  }
  return out;
}

/** The statements over the rebate tables, named by what they do. */
const STATEMENTS = {
  cursor: sql<[], number>('select last_trade_id from identity_rebate_cursor where id = 1', (r) =>
    Number(r.last_trade_id),
  ),
  initCursor: sql(
    'insert into identity_rebate_cursor (id, last_trade_id) values (1, 0) on conflict do nothing',
  ),
  setCursor: sql<[lastTradeId: number]>('update identity_rebate_cursor set last_trade_id = ? where id = 1'),
  insert: sql<
    [
      referrerId: number,
      referralId: number,
      tradeId: number,
      symbol: string,
      coin: string,
      feeUnits: bigint,
      units: bigint,
      ledgerTxId: number,
      createdAt: number,
    ]
  >(
    `insert into identity_rebates
       (referrer_id, referral_id, trade_id, symbol, coin, fee_units, units, ledger_tx_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  paid: sql<[tradeId: number, referralId: number, coin: string], true>(
    'select 1 from identity_rebates where trade_id = ? and referral_id = ? and coin = ?',
    () => true,
  ),
};

/**
 * Pays referral rebates from the house to inviters, for every committed spot trade in id order,
 * exactly once: a cursor row and the rebate rows move in the same transaction as the ledger
 * postings, and `identity_rebates` is unique per trade, referral and coin. It runs after each spot
 * batch (from the trade tape) and at start, so trades committed while it was stopped are paid on
 * the next start.
 */
export class RebateService {
  readonly #q: PreparedSet<typeof STATEMENTS>;
  readonly #trades: TradeLog;
  readonly #users: Accounts;
  readonly #ppm: bigint;
  readonly #pairs: Map<string, PairInfo>;
  readonly #decimals: Map<string, number>;
  readonly #pay: (rows: readonly TradeRow[], upTo: number) => Set<number>;
  /** The last trade looked at; ahead of the stored cursor until it is saved (`#dirty`). */
  #last = 0;
  #dirty = false;
  #scheduled = false;
  #stopped = true;
  #saver: NodeJS.Timeout | null = null;

  constructor(
    sqlite: SqliteDb,
    private readonly ledger: Ledger,
    terms: { spotFeeShare: string; pairs: readonly PairInfo[]; coins: readonly CoinInfo[] },
    private readonly onPaid: (userIds: ReadonlySet<number>) => void,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.#ppm = sharePpm(terms.spotFeeShare);
    this.#pairs = new Map(terms.pairs.map((p) => [p.symbol, p]));
    this.#decimals = new Map(terms.coins.map((c) => [c.symbol, c.decimals]));
    this.#q = prepareAll(sqlite, STATEMENTS);
    this.#trades = tradeLog(sqlite);
    this.#users = accounts(sqlite);
    this.#pay = sqlite.transaction((rows: readonly TradeRow[], upTo: number) => {
      const paid = new Set<number>();
      const made: { r: Rebate; txId: number }[] = [];
      // Deferred writes: one balance write per holder for the whole chunk, as the spot batch does.
      this.ledger.withDeferredWrites(() => {
        for (const t of rows) {
          const pair = this.#pairs.get(t.symbol);
          if (!pair) continue;
          for (const r of rebatesOf(t, pair, this.#ppm, (c) => this.#decimals.get(c) ?? UNIT_DECIMALS)) {
            // A cursor behind its rebates (restored from an older copy) replays without paying twice.
            if (this.#q.paid.get(r.tradeId, r.referralId, r.coin) !== undefined) continue;
            const txId = this.ledger.transfer(
              {
                kind: 'rebate',
                refType: 'spot_trades',
                refId: String(r.tradeId),
                actor: 'system',
                memo: `referral ${r.referralId}`,
              },
              { userId: HOUSE_USER_ID, account: 'spot', coin: r.coin },
              { userId: r.referrerId, account: 'spot', coin: r.coin },
              r.units,
            );
            made.push({ r, txId });
            paid.add(r.referrerId);
          }
        }
      });
      // After the scope: its ledger_tx rows, which the rebates reference, are written at its end.
      const at = this.now();
      for (const { r, txId } of made) {
        this.#q.insert.run(
          r.referrerId,
          r.referralId,
          r.tradeId,
          r.symbol,
          r.coin,
          r.feeUnits,
          r.units,
          txId,
          at,
        );
      }
      this.#q.setCursor.run(upTo);
      return paid;
    });
  }

  /** Reads the cursor (created on first use), pays what is owed, and saves the cursor now and then. */
  start(): void {
    this.#q.initCursor.run();
    this.#last = this.#q.cursor.get()!;
    this.#dirty = false;
    this.#stopped = false;
    this.runNow();
    this.#saver = setInterval(() => this.saveCursor(), CURSOR_SAVE_MS);
    this.#saver.unref();
  }

  /** Stops listening and saves the cursor. */
  stop(): void {
    this.#stopped = true;
    if (this.#saver) clearInterval(this.#saver);
    this.#saver = null;
    this.saveCursor();
  }

  /** Pays after the current spot batch's listeners (coalesced: one run for a burst of batches). */
  schedule(): void {
    if (this.#scheduled || this.#stopped) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (!this.#stopped) this.runNow();
    });
  }

  /**
   * Pays every trade after the cursor, chunk by chunk. Trades without a referred side only move the
   * cursor in memory; it is saved with the next payment, every CURSOR_SAVE_MS and at stop, so a busy
   * market costs no extra commit per batch. A crash loses at most that much of the cursor, and the
   * replay pays nothing twice.
   */
  runNow(): void {
    try {
      for (;;) {
        const top = this.#trades.latestTradeId();
        if (top <= this.#last) return;
        const rows = this.referredTrades(this.#last, top);
        const upTo = rows.length === CHUNK ? rows[rows.length - 1]!.id : top;
        if (rows.length === 0) {
          this.#last = upTo;
          this.#dirty = true;
          return;
        }
        const paid = this.#pay(rows, upTo);
        this.#last = upTo;
        this.#dirty = false;
        if (paid.size) this.onPaid(paid);
        if (rows.length < CHUNK) return;
      }
    } catch (err) {
      this.onError(err);
    }
  }

  /**
   * The first CHUNK trades in (`after`, `upTo`] with a referred side (a user with an inviter), in id
   * order, with both sides' inviters. Most trades (market makers, users without an inviter) cost
   * nothing here beyond being read: the trades come from the spot area a page at a time, and the
   * inviters of a page's users from the accounts area in one read.
   */
  private referredTrades(after: number, upTo: number): TradeRow[] {
    const out: TradeRow[] = [];
    for (let from = after; out.length < CHUNK;) {
      const page = this.#trades.feeTradesBetween(from, upTo, SCAN);
      if (page.length === 0) break;
      const refs = this.#users.referrersOf(page.flatMap((t) => [t.makerUserId, t.takerUserId]));
      for (const t of page) {
        const makerRef = refs.get(t.makerUserId) ?? null;
        const takerRef = refs.get(t.takerUserId) ?? null;
        if (makerRef === null && takerRef === null) continue;
        out.push({ ...t, makerRef, takerRef });
        if (out.length === CHUNK) break;
      }
      if (page.length < SCAN) break;
      from = page[page.length - 1]!.id;
    }
    return out;
  }

  private saveCursor(): void {
    if (!this.#dirty) return;
    try {
      this.#q.setCursor.run(this.#last);
      this.#dirty = false;
    } catch (err) {
      this.onError(err);
    }
  }
}
