import { describe, expect, it } from 'vitest';
import { depthChecksum, type DepthDiff, type DepthSnapshot } from '../../../../domain';
import { OrderBook } from '../../../../worker/market/order-book';
import { BookHarness, manualTimers, settle, type Fault } from './book-harness';
import { SYMBOL } from './depth-stream';

const snap = (seq: number, bids: [string, string][], asks: [string, string][]): DepthSnapshot => ({
  type: 'snapshot',
  symbol: SYMBOL,
  seq,
  bids,
  asks,
  checksum: depthChecksum(bids, asks),
});

describe('order book: applying the stream', () => {
  it('applies a snapshot and diffs in sequence; qty 0 removes a level', () => {
    const book = new OrderBook({ symbol: SYMBOL, fetchSnapshot: () => Promise.reject(new Error('no')) });
    book.handle(
      snap(
        5,
        [
          ['99.00', '1.000'],
          ['98.00', '2.000'],
        ],
        [['101.00', '3.000']],
      ),
    );
    expect(book.status).toBe('live');
    const bids: [string, string][] = [
      ['99.50', '0.500'],
      ['98.00', '0'],
    ];
    const asks: [string, string][] = [
      ['100.50', '1.250'],
      ['101.00', '3.000'],
    ];
    const after = {
      bids: [
        ['99.50', '0.500'],
        ['99.00', '1.000'],
      ] as [string, string][],
      asks: [
        ['100.50', '1.250'],
        ['101.00', '3.000'],
      ] as [string, string][],
    };
    book.handle({
      type: 'diff',
      symbol: SYMBOL,
      seq: 6,
      prevSeq: 5,
      bids,
      asks,
      checksum: depthChecksum(after.bids, after.asks),
    });
    expect(book.seq).toBe(6);
    expect(book.bids()).toEqual(after.bids);
    expect(book.asks()).toEqual(after.asks);
    expect(book.snapshotRequests).toBe(0);
  });

  it('keys prices exactly: levels that differ in the last digit stay apart and ordered', () => {
    const book = new OrderBook({ symbol: SYMBOL, fetchSnapshot: () => Promise.reject(new Error('no')) });
    const bids: [string, string][] = [
      ['123456789.12345', '1'],
      ['123456789.12344', '1'],
      ['0.00001', '1'],
    ];
    book.handle(snap(1, bids, []));
    expect(book.bids()).toEqual(bids);
    expect(book.status).toBe('live');
  });

  it('rescales keys when a longer price arrives', () => {
    const book = new OrderBook({ symbol: SYMBOL, fetchSnapshot: () => Promise.reject(new Error('no')) });
    book.handle(snap(1, [['10', '1']], [['12', '1']]));
    const bids: [string, string][] = [
      ['10.5', '1'],
      ['10', '1'],
    ];
    const asks: [string, string][] = [
      ['11.25', '2'],
      ['12', '1'],
    ];
    book.handle({
      type: 'diff',
      symbol: SYMBOL,
      seq: 2,
      prevSeq: 1,
      bids: [['10.5', '1']],
      asks: [['11.25', '2']],
      checksum: depthChecksum(bids, asks),
    });
    expect(book.bids()).toEqual(bids);
    expect(book.asks()).toEqual(asks);
    expect(book.status).toBe('live');
  });

  it('buffers diffs that arrive before the first snapshot and applies those it does not cover', () => {
    const h = new BookHarness(1);
    const start = h.truth.seq;
    h.clean(3); // seq 1..3 arrive before the snapshot (the server sends it asynchronously)
    expect(h.book.status).toBe('empty');
    h.send(h.truth.snapshotAt(start + 1));
    expect(h.matches()).toBe(true);
    expect(h.fetched).toEqual([]);
  });

  it('fetches a snapshot itself when none arrives on the channel in time', async () => {
    const h = new BookHarness(2);
    h.clean(2);
    expect(h.timers.pending()).toBe(1);
    h.timers.run();
    await settle();
    expect(h.fetched).toEqual([2]);
    expect(h.reasons).toEqual(['no-snapshot']);
    expect(h.matches()).toBe(true);
  });
});

describe('order book: each fault costs exactly one snapshot, then the book is the true book', () => {
  const cases: [Fault, string][] = [
    ['drop', 'gap'],
    ['reorder', 'gap'],
    ['stale', 'stale'],
    ['corrupt', 'checksum'],
    ['tamper', 'checksum'],
  ];
  it.each(cases)('%s', async (fault, reason) => {
    const h = new BookHarness(7).start();
    h.clean(10);
    expect(h.inject(fault, 3)).toBe(true);
    h.clean(5);
    await settle();
    expect(h.fetched).toHaveLength(1);
    expect(h.reasons).toEqual([reason]);
    expect(h.matches()).toBe(true);
    // And it keeps following the stream afterwards.
    h.clean(10);
    expect(h.matches()).toBe(true);
    expect(h.fetched).toHaveLength(1);
  });

  it('duplicates (seq ≤ current) are ignored without a resync', async () => {
    const h = new BookHarness(8).start();
    h.clean(10);
    for (let i = 0; i < 10; i++) h.inject('duplicate', i * 7);
    h.clean(3);
    h.send(h.delivered.at(-1)!);
    await settle();
    expect(h.fetched).toEqual([]);
    expect(h.matches()).toBe(true);
  });

  it('buffers while the snapshot is in flight; diffs the snapshot covers are dropped, the rest applied', async () => {
    const h = new BookHarness(9).start();
    h.clean(5);
    h.hold = true;
    h.inject('drop');
    h.clean(4); // first one reveals the gap; the fetch is now pending
    expect(h.book.status).toBe('syncing');
    h.release(); // answered at the current server seq…
    h.clean(6); // …while more diffs arrive before the answer is processed
    await settle();
    expect(h.fetched).toHaveLength(1);
    expect(h.matches()).toBe(true);
  });

  it('a snapshot older than the buffer start restarts the resync after it ends, never concurrently', async () => {
    const h = new BookHarness(10).start();
    h.clean(5);
    h.hold = true;
    h.inject('drop'); // seq 6 lost
    h.clean(1); // seq 7 reveals the gap: fetch #1 pending
    h.release(); // fetch #1 answers with seq 7 (resolves after this turn)
    h.inject('drop'); // seq 8 lost while syncing
    h.clean(2); // seq 9, 10 buffered: the buffer no longer bridges snapshot 7
    expect(h.maxInFlight).toBe(1);
    await settle(); // snapshot 7 adopted, gap at 8 found: fetch #2 starts
    expect(h.fetched).toEqual([7]);
    expect(h.inFlight).toBe(1);
    h.release();
    await settle();
    expect(h.fetched).toEqual([7, 10]);
    expect(h.maxInFlight).toBe(1);
    expect(h.matches()).toBe(true);
  });

  it('does not start a second resync while one is in flight, whatever else goes wrong', async () => {
    const h = new BookHarness(11).start();
    h.clean(3);
    h.hold = true;
    h.inject('corrupt');
    for (const f of ['drop', 'reorder', 'corrupt', 'stale', 'tamper'] as Fault[]) {
      h.inject(f, 1);
      h.clean(1);
    }
    expect(h.inFlight).toBe(1);
    h.hold = false;
    h.release();
    await settle();
    expect(h.fetched).toHaveLength(1);
    expect(h.matches()).toBe(true);
  });

  it('retries a failed or invalid snapshot fetch after a delay, one at a time', async () => {
    const timers = manualTimers();
    const good = snap(3, [['1.00', '1']], [['2.00', '1']]);
    const replies: (() => Promise<DepthSnapshot>)[] = [
      () => Promise.reject(new Error('offline')),
      () => Promise.resolve({ ...good, checksum: good.checksum + 1 }),
      () => Promise.resolve(good),
    ];
    let calls = 0;
    const book = new OrderBook({ symbol: SYMBOL, timers, fetchSnapshot: () => replies[calls++]!() });
    book.resync('gap');
    await settle();
    expect(calls).toBe(1);
    expect(book.status).toBe('syncing');
    timers.run();
    await settle();
    expect(calls).toBe(2);
    expect(book.status).toBe('syncing');
    timers.run();
    await settle();
    expect(calls).toBe(3);
    expect(book.status).toBe('live');
    expect(book.bids()).toEqual(good.bids);
  });

  it('an explicit resync while one runs is ignored', async () => {
    const h = new BookHarness(15).start();
    h.hold = true;
    h.book.resync('gap');
    h.book.resync('checksum');
    expect(h.inFlight).toBe(1);
    h.release();
    await settle();
    expect(h.fetched).toHaveLength(1);
    expect(h.matches()).toBe(true);
  });

  it('a snapshot newer than the book (after a reconnect) is adopted without a fetch', () => {
    const h = new BookHarness(12).start();
    h.clean(3);
    h.truth.step();
    h.truth.step();
    h.send(h.truth.snapshotAt(h.truth.seq));
    expect(h.matches()).toBe(true);
    expect(h.fetched).toEqual([]);
  });

  it('ignores everything after dispose, including a fetch in flight', async () => {
    const h = new BookHarness(13).start();
    h.clean(2);
    h.hold = true;
    h.inject('corrupt');
    const seq = h.book.seq;
    h.book.dispose();
    h.release();
    h.clean(2);
    await settle();
    expect(h.book.seq).toBe(seq);
    expect(h.book.status).toBe('syncing');
  });

  it('treats a malformed level as a fault', async () => {
    const h = new BookHarness(14).start();
    h.clean(2);
    const d = h.truth.step();
    h.send({ ...d, asks: [['1e3', '1']] } as DepthDiff);
    h.clean(1);
    await settle();
    expect(h.reasons).toEqual(['malformed']);
    expect(h.matches()).toBe(true);
  });
});
