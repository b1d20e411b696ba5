import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredComponent, retryUntilLoaded } from '../../../src/core/deferred-component';

describe('retryUntilLoaded', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('tries a failed load again with growing waits, capped, until it succeeds', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const times: number[] = [];
    const load = vi.fn(() => {
      times.push(Date.now());
      return times.length < 5 ? Promise.reject(new Error('offline')) : Promise.resolve('form');
    });
    const start = Date.now();
    let done: string | undefined;
    void retryUntilLoaded(load, 10_000).then((v) => (done = v));
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000 - 1);
    expect(load).toHaveBeenCalledTimes(3);
    expect(done).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1 + 10_000);
    expect(load).toHaveBeenCalledTimes(5);
    expect(done).toBe('form');
    expect(times.map((t) => t - start)).toEqual([0, 2_000, 6_000, 14_000, 24_000]);
  });

  it('resolves at once when the first load succeeds', async () => {
    const load = vi.fn(() => Promise.resolve(7));
    await expect(retryUntilLoaded(load)).resolves.toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('deferredComponent', () => {
  it('fetches the code once for every caller and says when it is here', async () => {
    const Form = () => null;
    const load = vi.fn(() => Promise.resolve(Form));
    const part = deferredComponent(load);
    expect(part.loaded()).toBe(false);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([part.preload(), part.preload()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(a.default).toBe(Form);
    expect(b).toBe(a);
    expect(part.loaded()).toBe(true);
  });
});
