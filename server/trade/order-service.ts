import type { PairInfo, PlaceOrderReq } from '../../domain';
import { BatchQueue, WriterUnavailableError, type Engine } from '../db';
import { AppError, fail, notFound } from '../http';
import { PostingNet, type Holder, type Ledger } from '../ledger';
import { OrderBook, type DoneEvent, type EngineListener, type TradeEvent } from '../market';
import {
  emptyOutput,
  frozenBy,
  clientIdsOf,
  holdersOf,
  NOT_HELD,
  Refusal,
  unheldCancelRefusal,
  type BatchOutput,
  type Command,
  type Within,
} from './order-batch';
import { boundRefusal } from './bid-walk';
import { settleTrade } from './trade-settle';
import { OrderStore, type OrderRow } from './order-store';
import { PairUnits } from '../shared/units';
import { parsePlace, type ParsedPlace } from './validate';

export type { BatchOutput, LevelChange } from './order-batch';

/** Receives each committed batch. */
export type BatchListener = (output: BatchOutput, service: OrderService) => void;

interface Market {
  pair: PairInfo;
  units: PairUnits;
  engine: OrderBook;
}

/** Most commands committed together in one transaction. */
export const MAX_BATCH = 2_000;

/**
 * Spot orders: validation, freezing, matching, settlement and persistence. Orders and cancels queue up
 * here and run together as ONE command of the database's writer (so they share its group commit with
 * whatever else it holds), in arrival order, without savepoints: every refusal is decided before a
 * command's first change, so a refused order leaves nothing behind. The engines, the open orders
 * (order store) and the balances (ledger) change in memory as each order runs; the writer's flush
 * writes the order rows, trades, ledger transactions, journal lines and balances with multi-row
 * statements before the COMMIT. Replies and events go out only after the commit. A batch that fails as
 * a whole (a fault, or the database lost) is refused entirely, and the engines and open orders are
 * read again from what was committed before the next one.
 */
export class OrderService {
  private readonly markets = new Map<string, Market>();
  private readonly store: OrderStore;
  private readonly queue = new BatchQueue<Command>(MAX_BATCH, (batch) => this.flush(batch));
  private closed = false;
  private readonly listeners: BatchListener[] = [];
  // Engine output of the command being processed; engines call back synchronously.
  private trades: TradeEvent[] = [];
  private dones: DoneEvent[] = [];
  private out: BatchOutput = emptyOutput();
  private current = '';
  /** Ledger postings of the command being processed; posted as one transaction when it ends. */
  private readonly net = new PostingNet();
  /** Ids of the first and last trade of the command being processed (0 = none yet). */
  private firstTrade = 0;
  private lastTrade = 0;
  /** Next order id; allocated here so the freeze, the engine and the single insert agree on it. */
  private nextOrderId: number;

  private constructor(
    private readonly db: Engine,
    private readonly ledger: Ledger,
    private readonly pairs: readonly PairInfo[],
    private readonly now: () => number,
  ) {
    this.store = new OrderStore(db);
    this.nextOrderId = 1;
  }

  /** Opens the spot markets of `pairs` on `engine`: reads their open orders into the engines. */
  static async open(
    engine: Engine,
    ledger: Ledger,
    pairs: readonly PairInfo[],
    now: () => number = Date.now,
  ): Promise<OrderService> {
    const service = new OrderService(engine, ledger, pairs, now);
    await service.rebuildAll();
    return service;
  }

  /** Adds a listener for committed batches (market data, private events). */
  onBatch(listener: BatchListener): void {
    this.listeners.push(listener);
  }

  /** The engine of a market, for depth snapshots. */
  engine(symbol: string): OrderBook | undefined {
    return this.markets.get(symbol)?.engine;
  }

  /** Unit conversions of a market. */
  unitsOf(symbol: string): PairUnits | undefined {
    return this.markets.get(symbol)?.units;
  }

  get orders(): OrderStore {
    return this.store;
  }

  /** Validates and queues an order; resolves with the order row after the batch commits. */
  place(userId: number, req: PlaceOrderReq): Promise<OrderRow> {
    const market = this.markets.get(String(req.symbol ?? ''));
    if (!market) return Promise.reject(fail('unknownMarket', 'symbol'));
    if (market.pair.status !== 'trading') return Promise.reject(fail('marketClosed', 'symbol'));
    let parsed: ParsedPlace;
    try {
      parsed = parsePlace(req, market.units);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    return this.enqueue((done) => ({ kind: 'place', userId, req: parsed, done }));
  }

  /** Queues a checked market sell with its bound (see Within); the spot desk (desk.ts) builds it. */
  placeWithin(userId: number, req: ParsedPlace, within: Within): Promise<OrderRow> {
    return this.enqueue((done) => ({ kind: 'place', userId, req, within, done }));
  }

  /** Queues a cancel of the caller's own open order. */
  async cancel(userId: number, orderId: number): Promise<OrderRow> {
    try {
      return await this.enqueue((done) => ({ kind: 'cancel', userId, orderId, done }));
    } catch (err) {
      if (err !== NOT_HELD) throw err;
    }
    throw unheldCancelRefusal(await this.store.stored(orderId), userId);
  }

  /** Resolves when everything queued so far is committed (or refused). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /**
   * Commits what is queued and refuses anything later. Called on shutdown while the database is
   * still open, so a batch queued for the next tick never runs against a closed connection.
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  private enqueue(make: (done: (r: OrderRow | Error) => void) => Command): Promise<OrderRow> {
    if (this.closed) return Promise.reject(new Error('order service is closed'));
    // The orders read from the sockets together share a batch (BatchQueue).
    return new Promise((resolve, reject) => {
      this.queue.push(make((r) => (r instanceof Error ? reject(r) : resolve(r))));
    });
  }

  private async flush(batch: Command[]): Promise<void> {
    let results: Array<OrderRow | Error>;
    const out = emptyOutput();
    try {
      // After a failed batch the engines and open orders are ahead of the database: read them again.
      if (this.store.stale) await this.rebuildAll();
      results = await this.db.writer.run(
        async () => {
          this.out = out;
          // Balances of the orders' own holders in one read (nothing to read when memory is the authority).
          await this.ledger.load(holdersOf(batch, (symbol) => this.markets.get(symbol)));
          // And the orders already made with its client ids (a resend answers with the first).
          await this.store.loadClientIds(clientIdsOf(batch));
          const rs: Array<OrderRow | Error> = [];
          for (const cmd of batch) rs.push(await this.runOne(cmd));
          for (const id of out.orders) {
            const row = this.store.held(id);
            if (row) out.rows.push({ ...row });
          }
          return rs;
        },
        { savepoint: false },
      );
    } catch (err) {
      // The writer refused the batch as a whole; its store marked itself stale. Read the books again
      // now, so nothing shows the refused orders; if the database is away, the next batch tries again.
      // Nothing of the batch was kept, whatever failed (the writer, or reading the books again while
      // the database is away): the client is told "busy, try again".
      const fault =
        err instanceof WriterUnavailableError
          ? err
          : new WriterUnavailableError(`spot batch refused: ${String((err as Error)?.message ?? err)}`, {
              cause: err,
            });
      if (this.store.stale) await this.rebuildAll().catch(() => {});
      for (const cmd of batch) cmd.done(fault);
      return;
    }
    batch.forEach((cmd, i) => cmd.done(results[i]!));
    for (const listener of this.listeners) listener(out, this);
  }

  /**
   * One command. Every refusal is decided before the first change, so a refused command leaves nothing
   * behind without a savepoint; anything thrown after a change is a fault that aborts the whole batch.
   */
  private async runOne(cmd: Command): Promise<OrderRow | Error> {
    try {
      return cmd.kind === 'cancel'
        ? await this.runCancel(cmd.userId, cmd.orderId)
        : await this.runPlace(cmd.userId, cmd.req, cmd.within);
    } catch (err) {
      if (err instanceof Refusal) return err.error;
      throw err;
    }
  }

  private async runCancel(userId: number, orderId: number): Promise<OrderRow> {
    const row = this.store.held(orderId);
    if (!row) throw new Refusal(NOT_HELD);
    if (row.userId !== userId) throw new Refusal(notFound());
    if (row.status !== 'open') throw new Refusal(fail('orderNotOpen'));
    const market = this.markets.get(row.symbol)!;
    this.startCommand(row.symbol);
    market.engine.cancel(row.id);
    this.settleDones(market);
    await this.postNet('spot.release', row.id, `user:${userId}`);
    return { ...this.store.held(row.id)! };
  }

  private async runPlace(userId: number, req: ParsedPlace, within?: Within): Promise<OrderRow> {
    if (within) {
      try {
        await within.check();
      } catch (err) {
        if (err instanceof AppError) throw new Refusal(err);
        throw err;
      }
    }
    if (req.clientOrderId) {
      const existing = await this.store.byClientId(userId, req.clientOrderId);
      if (existing) return { ...existing };
    }
    const market = this.markets.get(req.symbol)!;
    if (req.type === 'market') {
      const best = req.side === 'buy' ? market.engine.bestAsk() : market.engine.bestBid();
      if (best === undefined) throw new Refusal(fail('noOptimalPrice'));
    }
    const { coin, units } = frozenBy(market, req);
    const holder: Holder = { userId, account: 'spot', coin };
    if ((await this.ledger.balance(holder)).available < units) throw new Refusal(fail('insufficientBalance'));
    // The bound, checked on the book the engine is about to match against: whole or nothing.
    const beyond = within && boundRefusal(market.engine, userId, req.lots!, within.floorTicks);
    if (beyond) throw new Refusal(fail(beyond));

    const at = this.now();
    const id = this.nextOrderId++;
    this.startCommand(req.symbol);
    this.net.freeze(holder, units);
    this.out.users.add(userId);
    const result = market.engine.place({
      orderId: id,
      userId,
      side: req.side,
      ...(req.type === 'limit'
        ? { type: 'limit' as const, priceTicks: req.priceTicks!, lots: req.lots! }
        : req.side === 'buy'
          ? { type: 'market' as const, quoteBudget: Number(req.budgetUnits! / market.units.quotePerTickLot) }
          : { type: 'market' as const, lots: req.lots! }),
    });
    if (result.status === 'rejected') throw new Error(`engine rejected a validated order: ${result.reason}`);
    const row: OrderRow = {
      id,
      userId,
      symbol: req.symbol,
      side: req.side,
      type: req.type,
      priceTicks: req.priceTicks,
      lots: req.lots,
      budgetUnits: req.budgetUnits,
      filledLots: 0,
      filledQuoteUnits: 0n,
      feeUnits: 0n,
      frozenUnits: units,
      status: 'open',
      reason: null,
      clientOrderId: req.clientOrderId,
      seq: result.seq,
      createdAt: at,
      updatedAt: at,
    };
    // The store keeps this row for the batch; fills and the ending change it there, so the reply is a
    // copy as it stands after this command.
    this.store.insert(row);
    this.out.orders.add(id);
    const trades = this.out.trades.length;
    for (const t of this.trades) this.settleTrade(market, t);
    this.settleDones(market);
    const txId = await this.postNet(this.firstTrade ? 'spot.trade' : 'spot.freeze', id, `user:${userId}`);
    if (within) {
      if (row.filledLots !== req.lots || txId === null) throw new Error('a bounded sell did not fill whole');
      await within.record({ row: { ...row }, trades: this.out.trades.slice(trades), ledgerTxId: txId });
    }
    return { ...row };
  }

  private startCommand(symbol: string): void {
    this.current = symbol;
    this.trades = [];
    this.dones = [];
    this.net.clear();
    this.firstTrade = this.lastTrade = 0;
  }

  /**
   * Posts the command's netted postings as one ledger transaction: the order's freeze, every fill it
   * took part in on either side, the fees and the release of what it no longer needs. The trades
   * themselves (price, lots, fees of each fill) are the rows of spot_trades named in the memo.
   */
  private async postNet(
    kind: 'spot.freeze' | 'spot.trade' | 'spot.release',
    orderId: number,
    actor: string,
  ): Promise<number | null> {
    const postings = this.net.postings();
    this.net.clear();
    if (postings.length === 0) return null;
    const memo = this.firstTrade ? `spot_trades ${this.firstTrade}-${this.lastTrade}` : undefined;
    return this.ledger.post(
      { kind, refType: 'spot_orders', refId: String(orderId), actor, ...(memo ? { memo } : {}) },
      postings,
    );
  }

  private settleTrade(market: Market, t: TradeEvent): void {
    const tradeId = settleTrade(market, t, this.now(), this.store, this.net, this.out);
    if (!this.firstTrade) this.firstTrade = tradeId;
    this.lastTrade = tradeId;
  }

  /** Ends the orders the engine finished and releases what they still had frozen. */
  private settleDones(market: Market): void {
    for (const d of this.dones) {
      const row = this.store.held(d.orderId)!;
      if (row.frozenUnits > 0n) {
        const coin = row.side === 'buy' ? market.pair.quote : market.pair.base;
        this.net.unfreeze({ userId: row.userId, account: 'spot', coin }, row.frozenUnits);
        this.out.users.add(row.userId);
      }
      this.store.finish(row.id, d.reason === 'filled' ? 'filled' : 'cancelled', d.reason, this.now());
      this.out.orders.add(row.id);
    }
    this.dones = [];
  }

  private async buildMarket(pair: PairInfo): Promise<Market> {
    const listener: EngineListener = {
      accepted: () => {},
      trade: (e) => this.trades.push(e),
      done: (e) => this.dones.push(e),
      level: (side, priceTicks, totalLots) => {
        const list = this.out.levels.get(this.current) ?? [];
        list.push([side, priceTicks, totalLots]);
        this.out.levels.set(this.current, list);
      },
    };
    const engine = new OrderBook({ listener });
    const open = this.store.openOrders(pair.symbol);
    engine.restore(
      open.map((o) => ({
        orderId: o.id,
        userId: o.userId,
        side: o.side,
        priceTicks: o.priceTicks!,
        lots: o.lots! - o.filledLots,
        seq: o.seq,
        ...(o.clientOrderId ? { clientOrderId: o.clientOrderId } : {}),
      })),
      (await this.store.maxSeq(pair.symbol)) + 1,
    );
    return { pair, units: new PairUnits(pair), engine };
  }

  /** Reads the open orders, ids and books from what was committed: at start and after a failed batch. */
  private async rebuildAll(): Promise<void> {
    await this.store.reload(this.pairs.map((p) => p.symbol));
    this.nextOrderId = (await this.store.maxId()) + 1;
    for (const pair of this.pairs) this.markets.set(pair.symbol, await this.buildMarket(pair));
  }
}
