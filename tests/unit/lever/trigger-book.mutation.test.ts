// The trigger heaps of server/lever/trigger-book.ts against a plain sorted reference: thousands of
// triggers (past the first key array's capacity), equal prices in push order, compaction keeping the
// heap order, and `reaches` on both sides at the exact price. Written for mutation testing
// (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import { TriggerBook, type Trigger } from '../../../server/lever/trigger-book';

/** A small deterministic generator (mulberry32), so a failure replays. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Ref {
  dir: 'down' | 'up';
  ticks: number;
  id: number;
}

/** Everything a trade at `price` fires, in order, from a book and from the reference. */
function drain(book: TriggerBook, price: number, live: (t: Trigger) => boolean = () => true): number[] {
  const out: number[] = [];
  for (let t = book.next(price, live); t; t = book.next(price, live)) out.push(t.orderId);
  return out;
}
function reference(refs: Ref[], price: number): { fired: number[]; rest: Ref[] } {
  const down = refs.filter((r) => r.dir === 'down' && r.ticks >= price);
  const up = refs.filter((r) => r.dir === 'up' && r.ticks <= price);
  // Falling side first, highest first; then rising side, lowest first; ties in push (id) order.
  down.sort((a, b) => b.ticks - a.ticks || a.id - b.id);
  up.sort((a, b) => a.ticks - b.ticks || a.id - b.id);
  const fired = [...down, ...up].map((r) => r.id);
  const gone = new Set(fired);
  return { fired, rest: refs.filter((r) => !gone.has(r.id)) };
}

describe('trigger book against a sorted reference', () => {
  it('fires thousands of triggers, with many equal prices, exactly in order', () => {
    const next = rng(7);
    const book = new TriggerBook();
    let refs: Ref[] = [];
    for (let id = 0; id < 3000; id++) {
      const dir = next() < 0.5 ? 'down' : 'up';
      const ticks = 1 + Math.floor(next() * 200);
      book.add(dir, ticks, id, 'sl', 1);
      refs.push({ dir, ticks, id });
    }
    expect(book.size).toBe(3000);
    for (const price of [100, 150, 60, 180, 30, 199, 1, 200, 100]) {
      const want = reference(refs, price);
      expect(book.reaches(price)).toBe(want.fired.length > 0);
      expect(drain(book, price)).toEqual(want.fired);
      refs = want.rest;
      expect(book.size).toBe(refs.length);
    }
  });

  it('compaction keeps exactly the live triggers, still in firing order', () => {
    const next = rng(11);
    const book = new TriggerBook();
    const refs: Ref[] = [];
    for (let id = 0; id < 2500; id++) {
      const dir = next() < 0.5 ? 'down' : 'up';
      const ticks = 1 + Math.floor(next() * 100);
      book.add(dir, ticks, id, 'tp', 1);
      refs.push({ dir, ticks, id });
    }
    const live = (t: Trigger) => t.orderId % 3 !== 0;
    book.compact(live);
    const kept = refs.filter((r) => r.id % 3 !== 0);
    expect(book.size).toBe(kept.length);
    expect(drain(book, 50)).toEqual(reference(kept, 50).fired);
  });

  it('stale triggers are skipped and dropped as they surface', () => {
    const book = new TriggerBook();
    book.add('down', 90, 1, 'sl', 1);
    book.add('down', 95, 2, 'sl', 1);
    book.add('up', 110, 3, 'tp', 1);
    expect(drain(book, 90, (t) => t.orderId !== 2)).toEqual([1]);
    expect(book.size).toBe(1);
    expect(drain(book, 110)).toEqual([3]);
    expect(book.size).toBe(0);
  });

  it('reaches the top trigger of either side at its exact price, and nothing beside it', () => {
    const book = new TriggerBook();
    expect(book.reaches(100)).toBe(false);
    book.add('down', 90, 1, 'sl', 1);
    book.add('up', 110, 2, 'tp', 1);
    expect(book.reaches(91)).toBe(false);
    expect(book.reaches(90)).toBe(true);
    expect(book.reaches(109)).toBe(false);
    expect(book.reaches(110)).toBe(true);
    expect(book.next(100, () => true)).toBeUndefined();
    const t = book.next(90, () => true)!;
    expect(t).toMatchObject({ ticks: 90, orderId: 1, kind: 'sl', version: 1 });
  });
});
