import { toUnits, type JournalKind } from '../../domain';
import type { PlaceOptionReq } from '../../domain/second-endpoints';
import {
  findDuration,
  houseRiskUnits,
  optionResult,
  payoutUnits,
  stakeProblem,
  type OptionDirection,
  type OptionResult,
  type SecondTerms,
} from '../../domain/second-rules';
import type { Engine } from '../db';
import { fail, optionalWholeField } from '../http';
import { HOUSE_USER_ID, InsufficientBalanceError, PostingNet, type Ledger, type Posting } from '../ledger';
import type { TapeTrade, TradeTape } from '../market';
import { UndoLog } from '../shared/undo-log';
import { ExpiryQueue } from './expiry-queue';
import { OptionStore, type OptionRow, type Settlement } from './option-store';

/** Ledger kinds of the option area: the stake frozen on accept, and the three settlements. */
export const SECOND_KINDS = {
  stake: 'second.stake',
  win: 'second.win',
  loss: 'second.loss',
  refund: 'second.refund',
} as const;

/** Results in the order their ledger transactions are written within one expiry instant. */
const RESULT_ORDER: readonly OptionResult[] = ['won', 'lost', 'equal'];
const KIND_OF: Record<OptionResult, JournalKind> = {
  won: SECOND_KINDS.win,
  lost: SECOND_KINDS.loss,
  equal: SECOND_KINDS.refund,
};

/** What settlement credits to the holder's available balance: the payout, nothing, or the stake back. */
const creditedUnits = (o: OptionRow, result: OptionResult): bigint =>
  result === 'won' ? o.payoutUnits : result === 'lost' ? 0n : o.stakeUnits;

const CLIENT_ID = /^[A-Za-z0-9_-]{1,40}$/;
const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

/** A place request checked against the catalog, without touching any state. */
interface ParsedOption {
  symbol: string;
  direction: OptionDirection;
  seconds: number;
  payoutRate: string;
  stakeUnits: bigint;
  exposureCapUnits: bigint;
  clientOrderId: string | null;
}

/**
 * Timed options: accepting (stake frozen, entry trade recorded: one writer command), the expiry
 * queue, and settlement by the published rule from stored trades (one writer command per batch of
 * due options, see `settleBatch`). The memory (queue, exposure totals) changes inside the command
 * that writes the same change, so the next command sees it, and is taken back with it if the command
 * or its batch fails (`UndoLog`).
 */
export class OptionService {
  readonly store: OptionStore;
  /** House risk (payout − stake) of open options, per `symbol|seconds`, in ledger units. */
  private readonly exposure = new Map<string, bigint>();
  /** Open options in (expiry, id) order; the rows are kept so settling reads no option row back. */
  private readonly queue = new ExpiryQueue<OptionRow>();
  /** Options in the queue whose placing command was undone: skipped when they fall due. */
  private readonly dropped = new Set<OptionRow>();
  private readonly undo: UndoLog;
  /** The id the next accepted option gets; read from the table by the first placing command. */
  private nextId: number | null = null;
  private readonly pairs: Set<string>;
  /** Postings of the instant being settled, one net per result (reused; emptied after each post). */
  private readonly nets: Record<OptionResult, PostingNet> = {
    won: new PostingNet(),
    lost: new PostingNet(),
    equal: new PostingNet(),
  };

  constructor(
    private readonly engine: Engine,
    private readonly ledger: Ledger,
    private readonly tape: TradeTape,
    private readonly terms: SecondTerms,
    spotPairs: readonly string[],
    private readonly now: () => number = Date.now,
  ) {
    this.store = new OptionStore(engine);
    this.pairs = new Set(spotPairs);
    this.undo = new UndoLog(engine.writer);
  }

  /** Loads the committed open options into the queue and the exposure totals (start and restart). */
  async load(): Promise<void> {
    for (const row of await this.store.open()) this.track(row, 1n);
  }

  /**
   * The next option id, inside a placing command: chosen here, as spot's order ids are, so the row
   * is written once, with the stake's ledger transaction, and never read back. An undone command
   * does not give its id back: a gap is harmless, an id handed out twice after a commit whose
   * outcome was unknown would not be.
   */
  private async takeId(): Promise<number> {
    this.nextId ??= (await this.store.maxId()) + 1;
    return this.nextId++;
  }

  /**
   * Accepts an option, or throws the first problem as an AppError. Idempotent per client order id.
   * The request is checked first; the acceptance instant is now; the id check, the entry trade, the
   * exposure cap and the writes are one command.
   */
  place(userId: number, req: PlaceOptionReq): Promise<OptionRow> {
    const p = this.parse(req);
    const at = this.now();
    return this.engine.writer.run(async () => {
      if (p.clientOrderId !== null) {
        const existing = await this.store.byClientId(userId, p.clientOrderId);
        if (existing) return existing;
      }
      const entry = await this.entryAt(p.symbol, at);
      const risk = houseRiskUnits(p.stakeUnits, p.payoutRate, this.terms.stakeDecimals);
      const key = `${p.symbol}|${p.seconds}`;
      if ((this.exposure.get(key) ?? 0n) + risk > p.exposureCapUnits)
        throw fail('secondExposureCap', 'stake');
      const payout = payoutUnits(p.stakeUnits, p.payoutRate, this.terms.stakeDecimals);
      const id = await this.takeId();
      let txId: number;
      try {
        txId = await this.ledger.freeze(
          { kind: SECOND_KINDS.stake, refType: 'second_options', refId: String(id), actor: `user:${userId}` },
          { userId, account: 'second', coin: this.terms.coin },
          p.stakeUnits,
        );
      } catch (err) {
        if (err instanceof InsufficientBalanceError) throw fail('insufficientBalance', 'stake');
        throw err;
      }
      const option = {
        userId,
        symbol: p.symbol,
        direction: p.direction,
        seconds: p.seconds,
        coin: this.terms.coin,
        stakeUnits: p.stakeUnits,
        payoutRate: p.payoutRate,
        payoutUnits: payout,
        entryTradeId: entry.id,
        entryPrice: entry.price,
        entryTs: entry.ts,
        acceptedAt: at,
        expiresAt: at + p.seconds * 1000,
        clientOrderId: p.clientOrderId,
      };
      const row = await this.store.insert(id, option, txId);
      this.track(row, 1n);
      return row;
    });
  }

  /** Epoch ms of the earliest open expiry, or undefined when none is open. */
  nextExpiry(): number | undefined {
    return this.queue.peek()?.expiresAt;
  }

  /**
   * Settles, in (expiry, id) order, every open option that expired strictly before `at` — every
   * trade at or before its expiry is then committed, so the exit is final. ONE writer command for
   * the batch; one netted ledger transaction per result (see `settleBatch`). Returns the options
   * settled, once committed; if the command fails, they are still open and queued.
   */
  settleDue(at: number = this.now()): Promise<OptionRow[]> {
    // Nothing due: no command (the queue's head is the earliest expiry, committed or in a batch).
    const head = this.queue.peek();
    if (!head || head.expiresAt >= at) return Promise.resolve([]);
    return this.engine.writer.run(async () => {
      const due = this.queue.takeDue(at).filter((o) => !this.dropped.delete(o));
      if (due.length === 0) return [];
      // Undone (the command or its batch failed): the options are still open, back in the queue.
      this.undo.add(() => {
        for (const d of due) this.queue.push(d);
      });
      let settled: OptionRow[];
      try {
        settled = await this.settleBatch(due, at);
      } catch (err) {
        // Nothing half-built of the batch may leak into the next one.
        this.store.clearSettlements();
        for (const net of Object.values(this.nets)) net.clear();
        throw err;
      }
      // The house no longer carries these options' risk.
      for (const o of settled) this.track(o, -1n);
      return settled;
    });
  }

  /** The entry trade for an option accepted at `at`: the last trade strictly before that millisecond. */
  private async entryAt(symbol: string, at: number): Promise<TapeTrade> {
    // Refuses with "no optimal price at present" when the market has had no trade in the window.
    const last = this.tape.price(symbol, this.terms.staleMs);
    const entry = last.ts < at ? last : await this.tape.atOrBefore(symbol, at - 1);
    if (!entry || at - entry.ts > this.terms.staleMs) throw fail('noOptimalPrice');
    return entry;
  }

  /**
   * Settles `due` (in expiry order) at `at`. Each option's exit is the last trade of its market at or
   * before its own expiry. The options with one result share one ledger transaction (its kind names
   * the result; it refers to the settlement time), its postings netted per holder: a user's frozen
   * stakes leave in one line, their credits arrive in one line, and the house takes or pays the
   * difference in one line. Each settlement row names its transaction, and the receipt lists the
   * option's own amounts. Netting keeps the journal to a few lines per user per batch, which is what
   * lets settlement keep up with a burst of expiries (bench/second.bench.ts). The holders are loaded
   * once and the three transactions posted without waiting; the settlement rows are written with
   * multi-row statements at the end.
   */
  private async settleBatch(due: readonly OptionRow[], at: number): Promise<OptionRow[]> {
    // Options of one market expiring at one instant share their exit trade: looked up once.
    const exits = new Map<string, TapeTrade>();
    const exitOf = new Array<TapeTrade>(due.length);
    const results = new Array<OptionResult>(due.length);
    const credits = new Array<bigint>(due.length);
    const nets = this.nets;
    for (let i = 0; i < due.length; i++) {
      const o = due[i]!;
      const key = `${o.symbol}|${o.expiresAt}`;
      let exit = exits.get(key);
      if (!exit) {
        // The entry trade itself is at or before expiry, so an exit always exists.
        exit = await this.tape.atOrBefore(o.symbol, o.expiresAt);
        if (!exit) throw new Error(`option ${o.id}: no trade at or before expiry`);
        exits.set(key, exit);
      }
      const result = optionResult(o.direction, o.entryPrice, exit.price);
      exitOf[i] = exit;
      results[i] = result;
      const net = nets[result];
      const user = { userId: o.userId, account: 'second' as const, coin: o.coin };
      const credited = (credits[i] = creditedUnits(o, result));
      net.add(user, 'frozen', -o.stakeUnits);
      if (credited !== 0n) net.add(user, 'available', credited);
      if (credited !== o.stakeUnits) {
        net.add(
          { userId: HOUSE_USER_ID, account: 'second', coin: o.coin },
          'available',
          o.stakeUnits - credited,
        );
      }
    }
    const posts: Array<[OptionResult, Posting[]]> = [];
    for (const result of RESULT_ORDER) {
      const postings = nets[result].postings();
      nets[result].clear();
      if (postings.length > 0) posts.push([result, postings]);
    }
    await this.ledger.load(posts.flatMap(([, postings]) => postings));
    const txIds = {} as Record<OptionResult, number>;
    for (const [result, postings] of posts) {
      txIds[result] = this.ledger.postLoaded(
        {
          kind: KIND_OF[result],
          refType: 'second_expiry',
          refId: String(at),
          actor: 'system',
          memo: 'expiry',
        },
        postings,
      );
    }
    const out: OptionRow[] = [];
    for (let i = 0; i < due.length; i++) {
      const o = due[i]!;
      const exit = exitOf[i]!;
      const settlement: Settlement = {
        exitTradeId: exit.id,
        exitPrice: exit.price,
        exitTs: exit.ts,
        result: results[i]!,
        creditedUnits: credits[i]!,
        settledAt: at,
        settleTxId: txIds[results[i]!],
      };
      this.store.addSettlement(o.id, settlement);
      out.push({ ...o, ...settlement, status: 'settled' });
    }
    await this.store.flushSettlements();
    return out;
  }

  /**
   * Adds (sign 1) or removes (sign −1) an open option's house risk; adds it to the queue on open.
   * Inside a command, recorded to be taken back with it.
   */
  private track(o: OptionRow, sign: 1n | -1n): void {
    const key = `${o.symbol}|${o.seconds}`;
    const risk = o.payoutUnits - o.stakeUnits;
    this.exposure.set(key, (this.exposure.get(key) ?? 0n) + sign * risk);
    if (sign === 1n) this.queue.push(o);
    this.undo.add(() => {
      this.exposure.set(key, (this.exposure.get(key) ?? 0n) - sign * risk);
      if (sign === 1n) this.dropped.add(o);
    });
  }

  private parse(req: PlaceOptionReq): ParsedOption {
    const input = (req ?? {}) as unknown as Record<string, unknown>;
    const symbol = text(input.symbol);
    if (!symbol) throw fail('required', 'symbol');
    if (!this.pairs.has(symbol)) throw fail('unknownMarket', 'symbol');
    if (!this.terms.pairs.includes(symbol)) throw fail('secondMarketDisabled', 'symbol');
    const seconds = optionalWholeField(input, 'seconds');
    const duration = seconds === null ? undefined : findDuration(this.terms, seconds);
    if (!duration) throw fail('secondUnknownDuration', 'seconds');
    const direction = text(input.direction);
    if (direction !== 'up' && direction !== 'down') throw fail('badRequest', 'direction');
    const stake = text(input.stake);
    const problem = stakeProblem(stake, duration, this.terms.stakeDecimals);
    if (problem) throw fail(problem, 'stake');
    const clientOrderId = text(input.clientOrderId) || null;
    if (clientOrderId !== null && !CLIENT_ID.test(clientOrderId)) throw fail('badRequest', 'clientOrderId');
    return {
      symbol,
      direction,
      // The catalog's number, equal to the one asked for (findDuration matched it).
      seconds: duration.seconds,
      payoutRate: duration.payoutRate,
      stakeUnits: toUnits(stake),
      exposureCapUnits: toUnits(duration.exposureCap),
      clientOrderId,
    };
  }
}
