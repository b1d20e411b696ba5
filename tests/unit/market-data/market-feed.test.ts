import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depthChecksum, type DepthDiff, type DepthLevel, type DepthSnapshot } from '../../../domain';
import { sqliteEngine } from '../../../server/db/module';
import { CANDLES_DDL, MarketFeed, DbCandleStore, TickerBoard } from '../../../server/market/data';
import { OrderBook, type EngineListener, type OrderRequest, type Side } from '../../../server/market/engine';

const pair = { symbol: 'BTC/USDT', tickSize: '0.01', lotSize: '0.00001' };
const T0 = Date.UTC(2024, 0, 1);

/** Wires an engine to a MarketFeed the way the order service is meant to. */
function harness(store?: DbCandleStore) {
  const published: Array<[string, unknown]> = [];
  const publish = (ch: string, d: unknown) => published.push([ch, d]);
  const tickers = new TickerBoard({ publish });
  const feed = new MarketFeed({ pair, publish, tickers, candleStore: store });
  let tradeId = 0;
  let clock = T0;
  const listener: EngineListener = {
    accepted: () => {},
    done: () => {},
    level: (side, p, lots) => feed.level(side, p, lots),
    // The order service records the trade first (id, time), then hands it over.
    trade: (e) =>
      feed.trade({
        id: ++tradeId,
        priceTicks: e.priceTicks,
        lots: e.lots,
        takerSide: e.takerSide,
        ts: clock,
      }),
  };
  const engine = new OrderBook({ listener });
  let orderId = 0;
  const place = (req: Omit<OrderRequest, 'orderId'>, ts = clock) => {
    clock = ts;
    const result = engine.place({ ...req, orderId: ++orderId } as OrderRequest);
    return { result, commit: feed.commit() };
  };
  return {
    feed,
    engine,
    tickers,
    published,
    place,
    cancel: (id: number) => (engine.cancel(id), feed.commit()),
  };
}

/** A client applies changed levels; a zero quantity (written `0.00000` here) removes the level. */
function applyLevels(side: Map<string, string>, levels: readonly DepthLevel[]): void {
  for (const [p, q] of levels) {
    if (/^0(\.0+)?$/.test(q)) side.delete(p);
    else side.set(p, q);
  }
}

const limit = (userId: number, side: Side, priceTicks: number, lots: number) =>
  ({ type: 'limit', userId, side, priceTicks, lots }) as const;

describe('MarketFeed with the matching engine', () => {
  it('publishes one depth diff, the trades and the candles per engine call', async () => {
    const engine = sqliteEngine(new SQLite(':memory:').exec(CANDLES_DDL.join(';')));
    const store = new DbCandleStore(engine);
    const h = harness(store);
    h.place(limit(1, 'sell', 6_400_000, 100));
    h.place(limit(1, 'sell', 6_400_100, 100));
    h.published.length = 0;

    const { commit } = h.place(limit(2, 'buy', 6_400_100, 150), T0 + 1_000);
    expect(commit.depth).toMatchObject({
      seq: 3,
      prevSeq: 2,
      bids: [],
      asks: [
        ['64000.00', '0.00000'],
        ['64001.00', '0.00050'],
      ],
    });
    expect(commit.trades.map((t) => [t.id, t.price, t.qty, t.side])).toEqual([
      [1, '64000.00', '0.00100', 'buy'],
      [2, '64001.00', '0.00050', 'buy'],
    ]);
    expect(commit.candles).toHaveLength(8);
    expect(h.published.map(([ch]) => ch)).toEqual([
      'depth:BTC/USDT',
      'trades:BTC/USDT',
      'trades:BTC/USDT',
      ...['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'].map((i) => `candles:BTC/USDT:${i}`),
    ]);
    await engine.writer.idle();
    expect(await store.list('BTC/USDT', '1m', undefined, 5)).toEqual([
      { t: T0, o: '64000.00', h: '64001.00', l: '64000.00', c: '64001.00', v: '0.00150', qv: '96.0005000' },
    ]);
    expect(h.tickers.flush(T0 + 2_000)[0]).toMatchObject({
      last: '64001.00',
      volume: '0.00150',
      changePct: '0.00',
    });
    expect(h.feed.trades.recent(1)[0]!.id).toBe(2);
  });

  it('keeps depth equal to the engine book and diffs consistent over random order flow (property)', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('limit' as const),
        userId: fc.integer({ min: 1, max: 3 }),
        side: fc.constantFrom<Side>('buy', 'sell'),
        priceTicks: fc.integer({ min: 95, max: 105 }),
        lots: fc.integer({ min: 1, max: 9 }),
      }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.integer({ min: 1, max: 60 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        const h = harness();
        const start: DepthSnapshot = h.feed.depth.snapshot();
        const book = { bids: new Map(start.bids), asks: new Map(start.asks), seq: start.seq };
        for (const o of ops) {
          const commit =
            o.kind === 'limit'
              ? h.place(limit(o.userId, o.side, o.priceTicks, o.lots)).commit
              : h.cancel(o.pick);
          const diff: DepthDiff | undefined = commit.depth;
          if (diff) {
            expect(diff.prevSeq).toBe(book.seq);
            book.seq = diff.seq;
            applyLevels(book.bids, diff.bids);
            applyLevels(book.asks, diff.asks);
          }
          const fmt = h.feed.formatter;
          const engine = h.engine.snapshot();
          const expected = {
            bids: engine.bids.map(([p, l]) => [fmt.ticksToPrice(p), fmt.lotsToQty(l)] as [string, string]),
            asks: engine.asks.map(([p, l]) => [fmt.ticksToPrice(p), fmt.lotsToQty(l)] as [string, string]),
          };
          const snap = h.feed.depth.snapshot();
          expect({ bids: snap.bids, asks: snap.asks }).toEqual(expected);
          expect(snap.seq).toBe(book.seq);
          expect(new Map(snap.bids)).toEqual(book.bids);
          expect(new Map(snap.asks)).toEqual(book.asks);
          expect(snap.checksum).toBe(depthChecksum(expected.bids, expected.asks));
        }
      }),
      { numRuns: 100 },
    );
  });
});
