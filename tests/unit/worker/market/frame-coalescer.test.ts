import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FRAME_MS,
  createFrameCoalescer,
  defaultFrameScheduler,
  type FrameScheduler,
} from '../../../../worker/market/frame-coalescer';

/** A scheduler whose frames run only when the test says so. */
function fakeFrames(): FrameScheduler & { frame(): void; requested: number; cancelled: number } {
  let callbacks = new Map<number, () => void>();
  let next = 1;
  const s = {
    requested: 0,
    cancelled: 0,
    request(cb: () => void) {
      s.requested++;
      callbacks.set(next, cb);
      return next++;
    },
    cancel(h: unknown) {
      s.cancelled++;
      callbacks.delete(h as number);
    },
    frame() {
      const due = callbacks;
      callbacks = new Map();
      due.forEach((cb) => cb());
    },
  };
  return s;
}

afterEach(() => vi.useRealTimers());

describe('frame coalescer', () => {
  it('many updates in one frame make one emission per key, with the latest value', () => {
    const frames = fakeFrames();
    const c = createFrameCoalescer(frames);
    const seen: [string, number][] = [];
    for (let i = 1; i <= 100; i++) {
      c.schedule('a', () => seen.push(['a', i]));
      if (i % 10 === 0) c.schedule('b', () => seen.push(['b', i]));
    }
    expect(seen).toEqual([]);
    expect(frames.requested).toBe(1);
    frames.frame();
    expect(seen).toEqual([
      ['a', 100],
      ['b', 100],
    ]);
    frames.frame();
    expect(seen).toHaveLength(2);
  });

  it('an update scheduled while a frame runs goes to the next frame', () => {
    const frames = fakeFrames();
    const c = createFrameCoalescer(frames);
    const seen: number[] = [];
    c.schedule('a', () => {
      seen.push(1);
      c.schedule('a', () => seen.push(2));
    });
    frames.frame();
    expect(seen).toEqual([1]);
    expect(frames.requested).toBe(2);
    frames.frame();
    expect(seen).toEqual([1, 2]);
  });

  it('cancel drops a key; a throwing task does not stop the others', () => {
    const frames = fakeFrames();
    const c = createFrameCoalescer(frames);
    const seen: string[] = [];
    c.schedule('x', () => {
      throw new Error('boom');
    });
    c.schedule('a', () => seen.push('a'));
    c.schedule('b', () => seen.push('b'));
    c.cancel('a');
    expect(c.pending()).toBe(2);
    frames.frame();
    expect(seen).toEqual(['b']);
  });

  it('flush runs pending tasks now and cancels the frame; dispose drops them', () => {
    const frames = fakeFrames();
    const c = createFrameCoalescer(frames);
    const seen: string[] = [];
    c.schedule('a', () => seen.push('a'));
    c.flush();
    expect(seen).toEqual(['a']);
    expect(frames.cancelled).toBe(1);
    c.schedule('b', () => seen.push('b'));
    c.dispose();
    frames.frame();
    expect(seen).toEqual(['a']);
    expect(c.pending()).toBe(0);
  });

  it('uses requestAnimationFrame when the worker global has it', () => {
    const raf = vi.fn((cb: (t: number) => void) => {
      cb(0);
      return 7;
    });
    const caf = vi.fn();
    const s = defaultFrameScheduler({
      requestAnimationFrame: raf,
      cancelAnimationFrame: caf,
      setTimeout: () => {
        throw new Error('timer used');
      },
      clearTimeout: () => undefined,
    });
    const cb = vi.fn();
    expect(s.request(cb)).toBe(7);
    expect(cb).toHaveBeenCalledOnce();
    s.cancel(7);
    expect(caf).toHaveBeenCalledWith(7);
  });

  it('falls back to a ~16 ms timer without requestAnimationFrame (as in Node)', () => {
    vi.useFakeTimers();
    expect(typeof (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame).toBe(
      'undefined',
    );
    const c = createFrameCoalescer();
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) c.schedule('k', () => seen.push(i));
    vi.advanceTimersByTime(FRAME_MS - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([4]);
  });
});
