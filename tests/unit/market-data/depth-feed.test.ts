import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depthChecksum, type DepthDiff, type DepthLevel, type DepthSnapshot } from '../../../domain';
import { DepthFeed, makeFormatter } from '../../../server/market/data';
import type { Side } from '../../../server/market/engine/types';

const pair = { symbol: 'BTC/USDT', tickSize: '0.01', lotSize: '0.00001' };
const fmt = makeFormatter(pair);

/** A client's book: price string → qty string per side, as the worker would keep it. */
interface ClientBook {
  seq: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
}

const isZero = (qty: string) => /^0(\.0+)?$/.test(qty);

function fromSnapshot(s: DepthSnapshot): ClientBook {
  return { seq: s.seq, bids: new Map(s.bids), asks: new Map(s.asks) };
}

function applyDiff(book: ClientBook, d: DepthDiff): void {
  expect(d.prevSeq).toBe(book.seq);
  for (const [side, levels] of [
    [book.bids, d.bids],
    [book.asks, d.asks],
  ] as const) {
    for (const [p, q] of levels) {
      if (isZero(q)) side.delete(p);
      else side.set(p, q);
    }
  }
  book.seq = d.seq;
}

/** The client's book in snapshot order (bids high→low, asks low→high), by exact tick value. */
function sorted(book: ClientBook): { seq: number; bids: DepthLevel[]; asks: DepthLevel[] } {
  const ticks = (p: string) => fmt.priceToTicks(p)!;
  return {
    seq: book.seq,
    bids: [...book.bids].sort((a, b) => ticks(b[0]) - ticks(a[0])),
    asks: [...book.asks].sort((a, b) => ticks(a[0]) - ticks(b[0])),
  };
}

type Change = [side: Side, priceTicks: number, lots: number];
// Few prices and many zeros so levels vanish and come back often; 40 prices exceed the checksum's 25.
const changeArb: fc.Arbitrary<Change> = fc.tuple(
  fc.constantFrom<Side>('buy', 'sell'),
  fc.integer({ min: 1, max: 40 }),
  fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 })),
);
const batchesArb = fc.array(fc.array(changeArb, { maxLength: 12 }), { minLength: 1, maxLength: 40 });

function run(batches: readonly Change[][]) {
  const published: Array<[string, unknown]> = [];
  const feed = new DepthFeed({ pair, publish: (ch, data) => published.push([ch, data]) });
  const snapshots: DepthSnapshot[] = [feed.snapshot()];
  const diffs: DepthDiff[] = [];
  for (const batch of batches) {
    for (const [side, p, lots] of batch) feed.level(side, p, lots);
    const diff = feed.flush();
    if (diff) {
      diffs.push(diff);
      snapshots.push(feed.snapshot());
    }
  }
  return { feed, snapshots, diffs, published };
}

describe('DepthFeed', () => {
  it('snapshot N + every later diff = snapshot N + k, with matching checksums (property)', () => {
    fc.assert(
      fc.property(batchesArb, (batches) => {
        const { snapshots, diffs, published } = run(batches);
        expect(published.map(([ch]) => ch)).toEqual(diffs.map(() => 'depth:BTC/USDT'));
        expect(published.map(([, d]) => d)).toEqual(diffs);
        for (let n = 0; n < snapshots.length; n++) {
          const client = fromSnapshot(snapshots[n]!);
          for (let k = n; k < diffs.length; k++) {
            const diff = diffs[k]!;
            applyDiff(client, diff);
            const expected = snapshots[k + 1]!;
            const view = sorted(client);
            expect(view).toEqual({ seq: expected.seq, bids: expected.bids, asks: expected.asks });
            expect(diff.checksum).toBe(depthChecksum(view.bids, view.asks));
            expect(diff.checksum).toBe(expected.checksum);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('makes one diff per batch with seq = prevSeq + 1, and none for a batch that nets to nothing', () => {
    const feed = new DepthFeed({ pair, startSeq: 41 });
    feed.level('buy', 100, 5);
    feed.level('buy', 99, 3);
    feed.level('sell', 101, 2);
    const first = feed.flush()!;
    expect(first).toMatchObject({ type: 'diff', symbol: 'BTC/USDT', seq: 42, prevSeq: 41 });
    expect(first.bids).toEqual([
      ['1.00', '0.00005'],
      ['0.99', '0.00003'],
    ]);
    expect(first.asks).toEqual([['1.01', '0.00002']]);

    // Removed then restored to the same total within one batch: no net change, no diff, seq kept.
    feed.level('buy', 100, 0);
    feed.level('buy', 100, 5);
    expect(feed.flush()).toBeUndefined();
    expect(feed.flush()).toBeUndefined();
    expect(feed.seq).toBe(42);

    // A level that goes to zero appears as a zero quantity, and can come back in a later batch.
    feed.level('sell', 101, 0);
    expect(feed.flush()).toMatchObject({ seq: 43, prevSeq: 42, bids: [], asks: [['1.01', '0.00000']] });
    expect(feed.snapshot().asks).toEqual([]);
    feed.level('sell', 101, 7);
    expect(feed.flush()).toMatchObject({ seq: 44, asks: [['1.01', '0.00007']] });
  });

  it('hides pending changes from snapshot until flush', () => {
    const feed = new DepthFeed({ pair });
    feed.level('buy', 100, 5);
    expect(feed.hasPending).toBe(true);
    expect(feed.snapshot()).toEqual({
      type: 'snapshot',
      symbol: 'BTC/USDT',
      seq: 0,
      bids: [],
      asks: [],
      checksum: depthChecksum([], []),
    });
    feed.flush();
    expect(feed.snapshot().bids).toEqual([['1.00', '0.00005']]);
  });

  it('checksums only the top 25 levels, also for a truncated snapshot', () => {
    const feed = new DepthFeed({ pair });
    for (let p = 1; p <= 30; p++) {
      feed.level('buy', p, p);
      feed.level('sell', 100 + p, p);
    }
    feed.flush();
    const full = feed.snapshot();
    expect(full.bids[0]).toEqual(['0.30', '0.00030']);
    expect(full.asks[0]).toEqual(['1.01', '0.00001']);
    expect(full.checksum).toBe(depthChecksum(full.bids, full.asks));
    expect(full.checksum).toBe(depthChecksum(full.bids.slice(0, 25), full.asks.slice(0, 25)));
    const top5 = feed.snapshot(5);
    expect(top5.bids).toHaveLength(5);
    expect(top5.checksum).toBe(full.checksum);
    // A change below the top 25 changes the book but not the checksum.
    feed.level('buy', 1, 99);
    expect(feed.flush()!.checksum).toBe(full.checksum);
  });

  it('resets from the engine depth, bumping seq and publishing a snapshot', () => {
    const published: unknown[] = [];
    const feed = new DepthFeed({ pair, publish: (_ch, d) => published.push(d) });
    feed.level('buy', 5, 1);
    feed.flush();
    feed.level('buy', 6, 1);
    const snap = feed.reset({ bids: [[10, 2]], asks: [[12, 3]] });
    expect(snap).toMatchObject({ seq: 2, bids: [['0.10', '0.00002']], asks: [['0.12', '0.00003']] });
    expect(published.at(-1)).toEqual(snap);
    expect(feed.flush()).toBeUndefined();
  });

  it('refuses malformed level events', () => {
    const feed = new DepthFeed({ pair });
    expect(() => feed.level('buy', 0, 1)).toThrow(RangeError);
    expect(() => feed.level('buy', 1.5, 1)).toThrow(RangeError);
    expect(() => feed.level('sell', 1, -1)).toThrow(RangeError);
  });
});
