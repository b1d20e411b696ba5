/**
 * Order book merge throughput of the worker: depth diffs that each change 20 levels, applied to the
 * local book with the checksum verified after every message (what the worker does per socket message,
 * minus JSON parsing). Prints messages per second and the machine.
 * Usage: `npx tsx bench/book-merge.bench.ts` (or `npm run bench -- book-merge`).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { depthChecksum, seededRandom, type DepthDiff, type DepthLevel, type DepthSnapshot } from '../domain';
import { BookSide, PriceScale } from '../worker/market/book-side';
import { isDepthDiff } from '../worker/market/guards';
import { OrderBook } from '../worker/market/order-book';

const SYMBOL = 'BTC/USDT';
/** Levels per side at the start; the stream keeps the book around this size. */
const LEVELS = 200;
const CHANGES_PER_DIFF = 20;
const MESSAGES = 20_000;
const TARGET_PER_SECOND = 50_000;
const MIN_SECONDS = 3;

const price = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const qty = (micro: number) => `${Math.floor(micro / 1e6)}.${String(micro % 1e6).padStart(6, '0')}`;

/**
 * A stream of MESSAGES diffs around a BTC-like book (prices near 60 000.00, 6-decimal quantities):
 * 20 changes each, mostly within 100 ticks of the touch where the checksum window is, a third of
 * them removals of existing levels. Checksums are computed on a separate generator book.
 */
function makeStream(): { snapshot: DepthSnapshot; diffs: DepthDiff[] } {
  const rand = seededRandom(42);
  const scale = new PriceScale();
  const bids = new BookSide(true, scale);
  const asks = new BookSide(false, scale);
  const MID = 6_000_000;
  for (let i = 0; i < LEVELS; i++) {
    bids.set(price(MID - 1 - i * 2), qty(1 + Math.floor(rand() * 5e6)));
    asks.set(price(MID + i * 2), qty(1 + Math.floor(rand() * 5e6)));
  }
  const snapshot: DepthSnapshot = {
    type: 'snapshot',
    symbol: SYMBOL,
    seq: 0,
    bids: bids.levels.slice(),
    asks: asks.levels.slice(),
    checksum: depthChecksum(bids.levels, asks.levels),
  };
  const diffs: DepthDiff[] = [];
  for (let seq = 1; seq <= MESSAGES; seq++) {
    const changed = { bids: new Map<string, string>(), asks: new Map<string, string>() };
    for (let k = 0; k < CHANGES_PER_DIFF; k++) {
      const isBid = rand() < 0.5;
      const side = isBid ? bids : asks;
      const depth = Math.floor(rand() * 100);
      const p = price(isBid ? MID - 1 - depth : MID + depth);
      const existing = side.levels.some((l) => l[0] === p);
      const q = existing && rand() < 0.33 ? '0' : qty(1 + Math.floor(rand() * 5e6));
      side.set(p, q);
      (isBid ? changed.bids : changed.asks).set(p, q);
    }
    diffs.push({
      type: 'diff',
      symbol: SYMBOL,
      seq,
      prevSeq: seq - 1,
      bids: [...changed.bids] as DepthLevel[],
      asks: [...changed.asks] as DepthLevel[],
      checksum: depthChecksum(bids.levels, asks.levels),
    });
  }
  return { snapshot, diffs };
}

/** Replays the stream into fresh books until MIN_SECONDS have passed; returns messages per second. */
function run(
  stream: ReturnType<typeof makeStream>,
  withGuard: boolean,
): { perSecond: number; rounds: number; book: OrderBook } {
  let book!: OrderBook;
  let elapsed = 0;
  let messages = 0;
  let rounds = 0;
  while (elapsed < MIN_SECONDS * 1000) {
    book = new OrderBook({
      symbol: SYMBOL,
      fetchSnapshot: () => Promise.reject(new Error('the bench stream must not need a resync')),
    });
    book.handle(stream.snapshot);
    const { diffs } = stream;
    const t0 = performance.now();
    if (withGuard) {
      for (let i = 0; i < diffs.length; i++) {
        const d: unknown = diffs[i];
        if (isDepthDiff(d)) book.handle(d);
      }
    } else {
      for (let i = 0; i < diffs.length; i++) book.handle(diffs[i]!);
    }
    elapsed += performance.now() - t0;
    messages += diffs.length;
    rounds++;
    if (book.snapshotRequests !== 0 || book.status !== 'live') throw new Error('bench stream desynced');
  }
  return { perSecond: (messages / elapsed) * 1000, rounds, book };
}

function main(): void {
  const stream = makeStream();
  const gc = (globalThis as { gc?: () => void }).gc;
  run(stream, false); // warm-up: let the JIT settle before measuring
  gc?.();
  const plain = run(stream, false);
  gc?.();
  const guarded = run(stream, true);
  const book = plain.book;
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(
    `machine: ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length}, node ${process.version}`,
  );
  console.log(
    `stream: ${MESSAGES} diffs × ${CHANGES_PER_DIFF} levels, ~${LEVELS} levels per side ` +
      `(ended at ${book.bids().length} bids / ${book.asks().length} asks), checksum verified on every message`,
  );
  console.log(
    `merge + checksum:          ${fmt(plain.perSecond)} messages/s ` +
      `(${(1e6 / plain.perSecond).toFixed(2)} µs/message, ${plain.rounds} rounds)`,
  );
  console.log(
    `shape guard + merge + checksum: ${fmt(guarded.perSecond)} messages/s ` +
      `(${(1e6 / guarded.perSecond).toFixed(2)} µs/message)`,
  );
  console.log(
    `target ${fmt(TARGET_PER_SECOND)} messages/s: ${plain.perSecond >= TARGET_PER_SECOND ? 'met' : 'NOT met'} ` +
      `(${(plain.perSecond / TARGET_PER_SECOND).toFixed(2)}× the target)`,
  );
}

main();
