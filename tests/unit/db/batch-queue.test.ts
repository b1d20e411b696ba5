// The queue behind the writer and the spot order service (server/db/batch-queue.ts): what is queued in
// one turn of the event loop shares a batch, batches run one at a time in arrival order, and no
// batch holds more than its bound.
import { describe, expect, it } from 'vitest';
import { BatchQueue } from '../../../server/db';

describe('BatchQueue', () => {
  it('hands what one turn queued to one batch, and what came while it ran to the next', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const queue = new BatchQueue<number>(100, async (batch) => {
      batches.push(batch);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
    });
    [1, 2, 3].forEach((n) => queue.push(n));
    expect(batches).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1, 2, 3]]);
    [4, 5].forEach((n) => queue.push(n));
    release();
    await queue.idle();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('never runs two batches at once, and cuts a long queue at its bound', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const queue = new BatchQueue<number>(4, async (batch) => {
      most = Math.max(most, ++running);
      sizes.push(batch.length);
      await new Promise((r) => setImmediate(r));
      running--;
    });
    for (let n = 0; n < 10; n++) queue.push(n);
    await queue.idle();
    expect(sizes).toEqual([4, 4, 2]);
    expect(most).toBe(1);
  });

  it('is idle at once when nothing was queued, and starts again after', async () => {
    const seen: number[] = [];
    const queue = new BatchQueue<number>(10, (batch) => {
      seen.push(...batch);
      return Promise.resolve();
    });
    await queue.idle();
    queue.push(1);
    await queue.idle();
    queue.push(2);
    await queue.idle();
    expect(seen).toEqual([1, 2]);
  });
});
