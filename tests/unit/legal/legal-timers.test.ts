// The fiat area's one timer (pay windows, ad auto-cancel): its sweeps are writer commands that may
// be refused (the writer busy); a refusal is logged and tried again, never thrown at the process.
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WriterUnavailableError } from '../../../server/db';
import { LegalTimers, RETRY_MS, type TimerWork } from '../../../server/legal/timers';

const T0 = 1_700_000_000_000;

function quietLog() {
  const warn = vi.fn();
  return { log: { warn, error: vi.fn() } as unknown as FastifyBaseLogger, warn };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LegalTimers', () => {
  it('sweeps at start, then at the next deadline, and not before', async () => {
    let due: number | null = T0 + 60_000;
    const sweep = vi.fn(() => Promise.resolve(0));
    const work: TimerWork = { sweep, nextDue: () => Promise.resolve(due) };
    const { log } = quietLog();
    const timers = new LegalTimers(work, Date.now, log);
    await timers.start();
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(sweep).toHaveBeenCalledTimes(1);
    due = null;
    await vi.advanceTimersByTimeAsync(1_100);
    expect(sweep).toHaveBeenCalledTimes(2);
    // Nothing waits any more: no further wake-up.
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(sweep).toHaveBeenCalledTimes(2);
    await timers.stop();
  });

  it('a refused sweep is logged and tried again RETRY_MS later, not at once', async () => {
    const sweep = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new WriterUnavailableError('busy'))
      .mockResolvedValue(1);
    let due: number | null = T0 - 1; // fell due while the server was down
    const work: TimerWork = { sweep, nextDue: () => Promise.resolve(due) };
    const { log, warn } = quietLog();
    const timers = new LegalTimers(work, Date.now, log);
    await timers.start();
    expect(sweep).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
    expect(sweep).toHaveBeenCalledTimes(1);
    due = null;
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep).toHaveBeenCalledTimes(2);
    await timers.stop();
  });

  it('a failed read of the next deadline is retried, not thrown', async () => {
    const sweep = vi.fn(() => Promise.resolve(0));
    const nextDue = vi
      .fn<() => Promise<number | null>>()
      .mockRejectedValueOnce(new WriterUnavailableError('lost'))
      .mockResolvedValue(null);
    const { log, warn } = quietLog();
    const timers = new LegalTimers({ sweep, nextDue }, Date.now, log);
    await expect(timers.start()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_MS + 5);
    expect(sweep).toHaveBeenCalledTimes(2);
    await timers.stop();
  });

  it('reschedule moves the wake-up to a nearer deadline', async () => {
    let due: number | null = null;
    // Each sweep handles what is due.
    const sweep = vi.fn(() => {
      if (due !== null && due <= Date.now()) due = null;
      return Promise.resolve(0);
    });
    const timers = new LegalTimers({ sweep, nextDue: () => Promise.resolve(due) }, Date.now, quietLog().log);
    await timers.start();
    due = T0 + 1_000;
    await timers.reschedule();
    await vi.advanceTimersByTimeAsync(990);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(sweep).toHaveBeenCalledTimes(2);
    await timers.stop();
  });

  it('stop waits for the sweep it started, and no timer fires after it', async () => {
    let finish!: () => void;
    const sweep = vi.fn(
      () =>
        new Promise<number>((r) => {
          finish = () => r(0);
        }),
    );
    const timers = new LegalTimers(
      { sweep, nextDue: () => Promise.resolve(T0 + 10) },
      Date.now,
      quietLog().log,
    );
    const started = timers.start();
    let stopped = false;
    const stopping = timers.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await started;
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sweep).toHaveBeenCalledTimes(1);
  });
});
