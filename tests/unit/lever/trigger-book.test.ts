import { describe, expect, it } from 'vitest';
import { TriggerBook, type Trigger } from '../../../server/lever/trigger-book';
import {
  feeDay,
  lastOvernightAt,
  missedOvernights,
  nextOvernightAt,
  DAY_MS,
} from '../../../server/lever/overnight';

/** Runs a price path through a book; returns what fired, per trade, as `kind#order`. */
function run(book: TriggerBook, path: number[], isLive: (t: Trigger) => boolean = () => true): string[][] {
  return path.map((p) => {
    const fired: string[] = [];
    for (let t = book.next(p, isLive); t; t = book.next(p, isLive)) fired.push(`${t.kind}#${t.orderId}`);
    return fired;
  });
}

describe('trigger book', () => {
  it('fires limit entry, TP, SL and liquidation in the order the price reaches them', () => {
    const b = new TriggerBook();
    // A long limit entry at 95, a long position's TP at 110, SL at 90, liquidation at 80,
    // a short's TP at 85 and its liquidation at 120.
    b.add('down', 95, 1, 'entry', 1);
    b.add('up', 110, 2, 'tp', 1);
    b.add('down', 90, 2, 'sl', 1);
    b.add('down', 80, 3, 'liquidation', 1);
    b.add('down', 85, 4, 'tp', 1);
    b.add('up', 120, 4, 'liquidation', 1);
    expect(run(b, [100, 96, 95, 111, 100, 88, 79, 121, 50])).toEqual([
      [],
      [],
      ['entry#1'],
      ['tp#2'],
      [],
      ['sl#2'],
      ['tp#4', 'liquidation#3'],
      ['liquidation#4'],
      [],
    ]);
  });

  it('a gap through several triggers fires them nearest-first within one trade', () => {
    const b = new TriggerBook();
    for (const [ticks, id] of [
      [90, 1],
      [99, 2],
      [95, 3],
      [80, 4],
    ] as const)
      b.add('down', ticks, id, 'sl', 1);
    b.add('down', 95, 5, 'liquidation', 1);
    expect(run(b, [85])).toEqual([['sl#2', 'sl#3', 'liquidation#5', 'sl#1']]);
    expect(b.size).toBe(1);
  });

  it('drops stale versions when they surface; a changed trigger fires only at its new price', () => {
    const b = new TriggerBook();
    const version = new Map([[1, 1]]);
    const live = (t: Trigger) => version.get(t.orderId) === t.version;
    b.add('up', 110, 1, 'tp', 1);
    version.set(1, 2);
    b.add('up', 120, 1, 'tp', 2);
    expect(run(b, [115, 121], live)).toEqual([[], ['tp#1']]);
    b.add('down', 90, 7, 'sl', 1);
    b.compact(() => false);
    expect(b.size).toBe(0);
  });
  it('fires exactly what a sorted list would, in the same order, over a random path', () => {
    let seed = 5;
    const rand = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    const b = new TriggerBook();
    // The reference: every trigger in a plain list, fired by a full scan sorted the book's way.
    const ref: { dir: 'down' | 'up'; ticks: number; id: number; seq: number }[] = [];
    let seq = 0;
    let price = 1_000;
    for (let step = 0; step < 3_000; step++) {
      for (let k = rand(4); k > 0; k--) {
        const dir = rand(2) ? 'down' : 'up';
        // Near the price, with many equal prices, so ties are common.
        const ticks = price + (dir === 'up' ? 1 : -1) * (1 + rand(30));
        b.add(dir, ticks, seq, 'sl', 1);
        ref.push({ dir, ticks, id: seq, seq: seq++ });
      }
      price += rand(41) - 20;
      const due = ref.filter((t) => (t.dir === 'down' ? t.ticks >= price : t.ticks <= price));
      const order = [
        ...due.filter((t) => t.dir === 'down').sort((x, y) => y.ticks - x.ticks || x.seq - y.seq),
        ...due.filter((t) => t.dir === 'up').sort((x, y) => x.ticks - y.ticks || x.seq - y.seq),
      ];
      for (const t of due) ref.splice(ref.indexOf(t), 1);
      expect(run(b, [price])[0], `step ${step}`).toEqual(order.map((t) => `sl#${t.id}`));
      expect(b.size).toBe(ref.length);
    }
  });
});

describe('overnight instants', () => {
  const t = Date.UTC(2026, 10, 24, 10, 0);
  it('finds the last and next daily instant in UTC', () => {
    expect(lastOvernightAt(t, '00:00')).toBe(Date.UTC(2026, 10, 24, 0, 0));
    expect(lastOvernightAt(t, '12:30')).toBe(Date.UTC(2026, 10, 23, 12, 30));
    expect(nextOvernightAt(t, '00:00')).toBe(Date.UTC(2026, 10, 25, 0, 0));
  });
  it('charges each missed day once, oldest first, at most seven', () => {
    const last = Date.UTC(2026, 10, 24);
    expect(missedOvernights(t, '00:00', null)).toEqual([last]);
    expect(missedOvernights(t, '00:00', feeDay(last))).toEqual([]);
    expect(missedOvernights(t, '00:00', feeDay(last - 2 * DAY_MS))).toEqual([last - DAY_MS, last]);
    expect(missedOvernights(t, '00:00', feeDay(last - 30 * DAY_MS))).toHaveLength(7);
  });
});

describe('trigger book reach', () => {
  it('tells whether a price reaches either top, so quiet batches skip the database', () => {
    const b = new TriggerBook();
    expect(b.reaches(100)).toBe(false);
    b.add('down', 90, 1, 'sl', 1);
    b.add('up', 110, 1, 'tp', 1);
    expect(b.reaches(100)).toBe(false);
    expect(b.reaches(90)).toBe(true);
    expect(b.reaches(110)).toBe(true);
  });
});
