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

/** A link to a core of term `term-1` that beat once, with one command in flight to it. */
function oneInFlight() {
  const fake = silentBus();
  const link = new CoreLink(fake.bus);
  fake.beat('term-1');
  const pending = link.command(call);
  const settled = vi.fn();
  pending.catch(settled);
  return { ...fake, link, pending, settled };
}

/** Advances the fake clock `times` × 100 ms with a beat of `term` after each step. */
async function beating(term: string, times: number, beat: (term: string) => void) {
  for (let i = 0; i < times; i++) {
    await vi.advanceTimersByTimeAsync(100);
    beat(term);
  }
}

describe('CoreLink', () => {
  afterEach(() => vi.useRealTimers());

  it('fails a command sent to a core that died when its successor beats, even without a silence', async () => {
    vi.useFakeTimers();
    const { beat, link, pending, settled } = oneInFlight();
    // The old core beats on; nothing fails.
    await beating('term-1', 5, beat);
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
    const { link, pending, settled } = oneInFlight();
    await vi.advanceTimersByTimeAsync(BEAT_LOST_MS - 100);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await expect(pending).rejects.toBeInstanceOf(WriterUnavailableError);
    expect(link.coreAlive()).toBe(false);
    link.close();
  });

  it('fails a command in flight when the bus drops', async () => {
    const { status, link, pending } = oneInFlight();
    status('disconnected');
    await expect(pending).rejects.toBeInstanceOf(WriterUnavailableError);
    link.close();
  });

  it('keeps a command in flight while the same core beats', async () => {
    vi.useFakeTimers();
    const { beat, link, settled } = oneInFlight();
    await beating('term-1', 30, beat);
    expect(settled).not.toHaveBeenCalled();
    link.close();
  });
});
