// Multi-key reads in fixed widths (server/db/read-widths.ts), shared by the ledger's balance read and
// the spot store's client-id read: which statements run, and that every key is read once, in order.
import { describe, expect, it } from 'vitest';
import { readInWidths } from '../../../server/db/read-widths';

/** Runs a read of `count` keys of `per` values each; returns the widths of its statements and its rows. */
async function readOf(count: number, per: number) {
  const values = Array.from({ length: count * per }, (_, i) => i);
  const widths: number[] = [];
  const rows = await readInWidths(values, per, (width, slice) => {
    expect(slice).toHaveLength(width * per);
    widths.push(width);
    return Promise.resolve(slice.filter((_, i) => i % per === 0));
  });
  return { widths, rows };
}

describe('readInWidths', () => {
  it('reads every key once, in order, with the widest statements that fit', async () => {
    const { widths, rows } = await readOf(150, 1);
    expect(widths).toEqual([64, 64, 16, 4, 1, 1]);
    expect(rows).toEqual(Array.from({ length: 150 }, (_, i) => i));
  });

  it('slices keys of several values each whole (user id and client id pairs)', async () => {
    const { widths, rows } = await readOf(21, 2);
    expect(widths).toEqual([16, 4, 1]);
    expect(rows).toEqual(Array.from({ length: 21 }, (_, i) => i * 2));
  });

  it('runs no statement for no keys', async () => {
    expect(await readOf(0, 2)).toEqual({ widths: [], rows: [] });
  });
});
