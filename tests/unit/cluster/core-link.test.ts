// The edge's way to the core fails a command in flight with "busy" as soon as it can know the core
// that took it is gone: a silence of BEAT_LOST_MS, the bus dropping, or a new core's first beat (a
// standby that takes over fast beats again before the silence is long enough to notice).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WriterUnavailableError } from '../../../server/db';
import type { Bus, BusStatus } from '../../../server/cluster/bus';
import { BEAT_LOST_MS, CoreLink } from '../../../server/cluster/edge-bridge';
import { BEAT_SUBJECT } from '../../../server/cluster/subjects';
import type { CommandCall } from '../../../server/cluster/wire';

/** A bus whose requests never get an answer, and whose beats and status the test sends. */
function silentBus() {
  const subs = new Map<string, (payload: string, subject: string) => void>();
  const statuses = new Set<(s: BusStatus) => void>();
  const bus: Bus = {
    publish: () => {},
    subscribe(subject, handler) {
      subs.set(subject, handler);
      return () => subs.delete(subject);
    },
    request: () => new Promise<string>(() => {}),
    serve: () => () => {},
    onStatus(listener) {
      statuses.add(listener);
      return () => statuses.delete(listener);
    },
    flush: async () => {},
    close: async () => {},
  };
  return {
    bus,
    beat: (term: string) => subs.get(BEAT_SUBJECT)?.(term, BEAT_SUBJECT),
    status: (s: BusStatus) => statuses.forEach((l) => l(s)),
  };
}

const call: CommandCall = {
  endpoint: 'trade/place',
  input: {},
  lang: 'en',
  ip: '127.0.0.1',
  session: null,
};

describe('CoreLink', () => {
  afterEach(() => vi.useRealTimers());

  it('fails a command sent to a core that died when its successor beats, even without a silence', async () => {
    vi.useFakeTimers();
    const { bus, beat } = silentBus();
    const link = new CoreLink(bus);
    beat('term-1');
    const pending = link.command(call);
    const settled = vi.fn();
    pending.catch(settled);
    // The old core beats on; nothing fails.
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(100);
      beat('term-1');
    }
    expect(settled).not.toHaveBeenCalled();
    // A new term well within BEAT_LOST_MS of the last beat: the command fails as busy at once.
    await vi.advanceTimersByTimeAsync(100);
    beat('term-2');
    await expect(pending).rejects.toBeInstanceOf(WriterUnavailableError);
    expect(link.coreAlive()).toBe(true);
    link.close();
  });

  it('fails a command in flight once the core has been silent for BEAT_LOST_MS', async () => {
    vi.useFakeTimers();
    const { bus, beat } = silentBus();
    const link = new CoreLink(bus);
    beat('term-1');
    const pending = link.command(call);
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(BEAT_LOST_MS - 100);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await expect(pending).rejects.toBeInstanceOf(WriterUnavailableError);
    expect(link.coreAlive()).toBe(false);
    link.close();
  });

  it('fails a command in flight when the bus drops', async () => {
    const { bus, beat, status } = silentBus();
    const link = new CoreLink(bus);
    beat('term-1');
    const pending = link.command(call);
    status('disconnected');
    await expect(pending).rejects.toBeInstanceOf(WriterUnavailableError);
    link.close();
  });

  it('keeps a command in flight while the same core beats', async () => {
    vi.useFakeTimers();
    const { bus, beat } = silentBus();
    const link = new CoreLink(bus);
    beat('term-1');
    const settled = vi.fn();
    link.command(call).catch(settled);
    for (let i = 0; i < 30; i++) {
      await vi.advanceTimersByTimeAsync(100);
      beat('term-1');
    }
    expect(settled).not.toHaveBeenCalled();
    link.close();
  });
});
