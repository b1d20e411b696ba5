import { type CoinInfo, type PairInfo, UNIT_DECIMALS } from '../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
import { HOUSE_USER_ID, type Holder, type Ledger, type Posting } from '../ledger';
import { accounts, type Accounts } from '../mine';
import { tradeLog, type FeeTradeRow, type TradeLog } from '../trade';
import { sharePpm } from '../market';
import { PendingRebates, rebateKey } from './rebate-rows';

/** Trades with a referred side paid per writer command when catching up. */
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
  // The rebates already paid for a chunk's trades, in one read: a command must not wait on a round
  // trip per rebate. (The rows are written by PendingRebates when the batch flushes.)
  paidBetween: sql<[fromTradeId: number, toTradeId: number], string>(
    'select trade_id, referral_id, coin from identity_rebates where trade_id between ? and ?',
    (r) => rebateKey(Number(r.trade_id), Number(r.referral_id), r.coin as string),
  ),
};

/**
 * Pays referral rebates from the house to inviters, for every committed spot trade in id order,
 * exactly once: a cursor row and the rebate rows move in the same writer command as the ledger
 * postings (one command per chunk of up to CHUNK referred trades), and `identity_rebates` is unique
 * per trade, referral and coin. It runs after each spot batch (from the trade tape) and at start, so
 * trades committed while it was stopped are paid on the next start. Runs never overlap: a run, a
 * cursor save and the next run queue one after another.
 */
export class RebateService {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;
  readonly #trades: TradeLog;
  readonly #users: Accounts;
  readonly #pending: PendingRebates;
  readonly #ppm: bigint;
  readonly #pairs: Map<string, PairInfo>;
  readonly #decimals: Map<string, number>;
  /** The last trade looked at; ahead of the stored cursor until it is saved (`#dirty`). */
  #last = 0;
  #dirty = false;
  #stopped = true;
  #saver: NodeJS.Timeout | null = null;
  /** The end of the queue of runs and cursor saves. */
  #tail: Promise<void> = Promise.resolve();
  /** A run queued and not begun yet: a further call joins it. */
  #queuedRun: Promise<void> | null = null;
  /** The run `schedule` will start on the next turn of the event loop. */
  #scheduled: Promise<void> | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly ledger: Ledger,
    terms: { spotFeeShare: string; pairs: readonly PairInfo[]; coins: readonly CoinInfo[] },
    private readonly onPaid: (userIds: ReadonlySet<number>) => void,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.#ppm = sharePpm(terms.spotFeeShare);
    this.#pairs = new Map(terms.pairs.map((p) => [p.symbol, p]));
    this.#decimals = new Map(terms.coins.map((c) => [c.symbol, c.decimals]));
    this.#q = statementsOf(engine, STATEMENTS);
    this.#trades = tradeLog(engine);
    this.#users = accounts(engine);
    this.#pending = new PendingRebates(engine);
  }

  /**
   * Reads the cursor (created on first use), pays what is owed, and saves the cursor now and then.
   * Throws when the cursor cannot be read.
   */
  async start(): Promise<void> {
    this.#last = await this.engine.writer.run(async () => {
      await this.#q.initCursor.run();
      return (await this.#q.cursor.get())!;
    });
    this.#dirty = false;
    this.#stopped = false;
    const run = this.runNow();
    this.#saver = setInterval(() => void this.saveCursor(), CURSOR_SAVE_MS);
    this.#saver.unref();
    await run;
  }

  /** Stops listening, waits for the run in progress and saves the cursor. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#saver) clearInterval(this.#saver);
    this.#saver = null;
    await this.#scheduled;
    await this.saveCursor();
  }

  /** Pays after the current spot batch's listeners (coalesced: one run for a burst of batches). */
  schedule(): void {
    if (this.#scheduled || this.#stopped) return;
    this.#scheduled = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.#scheduled = null;
      if (!this.#stopped) return this.runNow();
    });
  }

  /** Resolves when nothing is scheduled, running or queued (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.#scheduled) await this.#scheduled;
    let tail;
    do await (tail = this.#tail);
    while (tail !== this.#tail);
  }

  /**
   * Pays every trade after the cursor, chunk by chunk, after whatever run or save is queued; never
   * rejects (a failure goes to `onError`, and the next run tries again from the cursor). Trades
   * without a referred side only move the cursor in memory; it is saved with the next payment, every
   * CURSOR_SAVE_MS and at stop, so a busy market costs no extra command per batch. A crash loses at
   * most that much of the cursor, and the replay pays nothing twice.
   */
  runNow(): Promise<void> {
    this.#queuedRun ??= this.enqueue(async () => {
      this.#queuedRun = null;
      await this.payOwed();
    });
    return this.#queuedRun;
  }

  private enqueue(job: () => Promise<void>): Promise<void> {
    const next = this.#tail.then(job).catch((err: unknown) => {
      this.onError(err);
    });
    this.#tail = next;
    return next;
  }

  private async payOwed(): Promise<void> {
    for (;;) {
      // Committed trades only: the tape tells after the spot batch committed.
      const top = await this.#trades.latestTradeId();
      if (top <= this.#last) return;
      const rows = await this.referredTrades(this.#last, top);
      const upTo = rows.length === CHUNK ? rows[rows.length - 1]!.id : top;
      if (rows.length === 0) {
        this.#last = upTo;
        this.#dirty = true;
        return;
      }
      const paid = await this.engine.writer.run(() => this.pay(rows, upTo));
      this.#last = upTo;
      this.#dirty = false;
      if (paid.size) this.onPaid(paid);
      if (rows.length < CHUNK) return;
    }
  }

  /**
   * One writer command: pays the rebates of `rows` not paid yet, records them and moves the stored
   * cursor to `upTo`; returns the inviters paid. What it reads, it reads in two statements (rebates
   * already paid, the holders' balances), then posts without waiting.
   */
  private async pay(rows: readonly TradeRow[], upTo: number): Promise<Set<number>> {
    // A cursor behind its rebates (restored from an older copy) replays without paying twice.
    const done = new Set(await this.#q.paidBetween.all(rows[0]!.id, rows[rows.length - 1]!.id));
    const owed: Rebate[] = [];
    for (const t of rows) {
      const pair = this.#pairs.get(t.symbol);
      if (!pair) continue;
      for (const r of rebatesOf(t, pair, this.#ppm, (c) => this.#decimals.get(c) ?? UNIT_DECIMALS)) {
        const key = rebateKey(r.tradeId, r.referralId, r.coin);
        if (!done.has(key) && !this.#pending.has(key)) owed.push(r);
      }
    }
    const house = (coin: string): Holder => ({ userId: HOUSE_USER_ID, account: 'spot', coin });
    const inviter = (r: Rebate): Holder => ({ userId: r.referrerId, account: 'spot', coin: r.coin });
    await this.ledger.load(owed.flatMap((r) => [house(r.coin), inviter(r)]));
    const paid = new Set<number>();
    const at = this.now();
    for (const r of owed) {
      const postings: Posting[] = [
        { ...house(r.coin), field: 'available', delta: -r.units },
        { ...inviter(r), field: 'available', delta: r.units },
      ];
      const ledgerTxId = this.ledger.postLoaded(
        {
          kind: 'rebate',
          refType: 'spot_trades',
          refId: String(r.tradeId),
          actor: 'system',
          memo: `referral ${r.referralId}`,
        },
        postings,
      );
      this.#pending.add({ ...r, ledgerTxId, createdAt: at });
      paid.add(r.referrerId);
    }
    await this.#q.setCursor.run(upTo);
    return paid;
  }

  /**
   * The first CHUNK trades in (`after`, `upTo`] with a referred side (a user with an inviter), in id
   * order, with both sides' inviters. Most trades (market makers, users without an inviter) cost
   * nothing here beyond being read: the trades come from the spot area a page at a time, and the
   * inviters of a page's users from the accounts area in one read. Outside any command: trades are
   * never changed once committed, and an inviter, once set, never changes.
   */
  private async referredTrades(after: number, upTo: number): Promise<TradeRow[]> {
    const out: TradeRow[] = [];
    for (let from = after; out.length < CHUNK;) {
      const page = await this.#trades.feeTradesBetween(from, upTo, SCAN);
      if (page.length === 0) break;
      const refs = await this.#users.referrersOf(page.flatMap((t) => [t.makerUserId, t.takerUserId]));
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

  /** Saves the cursor moved in memory (a writer command, after any run queued); never rejects. */
  private saveCursor(): Promise<void> {
    return this.enqueue(async () => {
      if (!this.#dirty) return;
      const last = this.#last;
      await this.engine.writer.run(() => this.#q.setCursor.run(last));
      this.#dirty = false;
    });
  }
}
