import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, whenIdleAfterPaint } from '../../../src/core/after-first-render';

describe('afterNextPaint', () => {
  const frames: (() => void)[] = [];
  const paint = () => frames.splice(0).forEach((f) => f());

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    frames.length = 0;
  });

  function stubFrames() {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined;
    });
  }

  it('runs only in a task after the next frame, not in the frame itself', () => {
    stubFrames();
    const fn = vi.fn();
    afterNextPaint(fn);
    vi.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
    paint();
    expect(fn).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled, before or after the frame', () => {
    stubFrames();
    const before = vi.fn();
    afterNextPaint(before)();
    const after = vi.fn();
    const cancel = afterNextPaint(after);
    paint();
    cancel();
    vi.runAllTimers();
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  it('waits after the paint for the main thread to be idle, at most the timeout', () => {
    stubFrames();
    const idle: { fn: () => void; timeout: number }[] = [];
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('requestIdleCallback', (fn: () => void, o: { timeout: number }) =>
      idle.push({ fn, timeout: o.timeout }),
    );
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const fn = vi.fn();
    whenIdleAfterPaint(fn, 700);
    paint();
    vi.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
    expect(idle.map((i) => i.timeout)).toEqual([700]);
    idle[0]!.fn();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
