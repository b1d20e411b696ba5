import { describe, expect, it } from 'vitest';
import type { PrivateEvent } from '../../../domain';
import type { SecondOption } from '../../../domain/second-endpoints';
import { previewSecond } from '../../../worker/second/second-preview';
import { secondCache } from '../../../worker/second/second-cache';
import { SECOND_CACHE_KEY } from '../../../worker/second/second-cache-key';
import { datedKey } from '../../../worker/shared/dated';
import {
  watchSecondOptions,
  type SecondState,
  type SecondWatchDeps,
} from '../../../worker/second/second-watch';

const option = (id: number, patch: Partial<SecondOption> = {}): SecondOption => ({
  id,
  symbol: 'BTC/USDT',
  direction: 'up',
  seconds: 30,
  coin: 'USDT',
  stake: '10.00',
  payoutRate: '0.8',
  payout: '18.00',
  status: 'open',
  result: null,
  entry: { tradeId: 1, price: '100', ts: 0 },
  exit: null,
  acceptedAt: 1_000,
  expiresAt: 31_000,
  settledAt: null,
  credited: null,
  receipt: null,
  clientOrderId: null,
  ...patch,
});

function harness(server: { open: SecondOption[]; settled: SecondOption[]; time: number }) {
  let clock = 10_000;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const cache = new Map<string, unknown>();
  let privateFn: ((e: PrivateEvent) => void) | null = null;
  let openFn: (() => void) | null = null;
  const calls: string[] = [];
  const deps: SecondWatchDeps = {
    async call(name, req) {
      calls.push(`${name}:${(req as { status?: string }).status ?? ''}`);
      if (name === 'second/terms') return { ok: true, data: { serverTime: server.time } } as never;
      const status = (req as { status: string }).status;
      return { ok: true, data: status === 'open' ? server.open : server.settled } as never;
    },
    onPrivate(fn) {
      privateFn = fn;
      return () => (privateFn = null);
    },
    onSocketOpen(fn) {
      openFn = fn;
      return () => (openFn = null);
    },
    userId: () => 7,
    cache: secondCache({
      get: async <T>(k: string) => cache.get(k) as T | undefined,
      set: async (k, v) => void cache.set(k, v),
    }),
    now: () => clock,
    timers: {
      setTimeout: (fn, ms) => {
        const id = nextId++;
        timers.push({ at: clock + ms, fn, id });
        return id;
      },
      clearTimeout: (h) => {
        const i = timers.findIndex((t) => t.id === h);
        if (i >= 0) timers.splice(i, 1);
      },
    },
  };
  return {
    deps,
    cache,
    calls,
    advance(ms: number) {
      clock += ms;
      for (const t of timers.filter((x) => x.at <= clock)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    },
    event: (e: PrivateEvent) => privateFn?.(e),
    reconnect: () => openFn?.(),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('watchSecondOptions', () => {
  it('shows the cached state first, then the server state with the server clock offset', async () => {
    const server = { open: [option(2)], settled: [], time: 12_000 };
    const h = harness(server);
    h.cache.set(datedKey(SECOND_CACHE_KEY, 7), {
      userId: 7,
      data: { open: [option(1)], settled: [], clockOffsetMs: 0, syncedAt: 5, cached: false },
      savedAt: 6,
    });
    const seen: SecondState[] = [];
    const stop = watchSecondOptions(h.deps, (s) => seen.push(s));
    await flush();
    await flush();
    expect(seen[0]).toMatchObject({ cached: true, syncedAt: 5, open: [{ id: 1 }] });
    expect(seen.at(-1)).toMatchObject({
      cached: false,
      clockOffsetMs: 2_000,
      open: [{ id: 2 }],
      terms: { serverTime: 12_000 },
    });
    // Kept in the dated cache, private (gone at sign-out), dated when it was received.
    expect(h.cache.get(datedKey(SECOND_CACHE_KEY, 7))).toMatchObject({
      userId: 7,
      savedAt: 10_000,
      data: { open: [{ id: 2 }] },
    });
    stop();
  });

  it('still shows a state kept before the dated cache', async () => {
    const h = harness({ open: [], settled: [], time: 10_000 });
    h.cache.set(SECOND_CACHE_KEY, {
      userId: 7,
      state: { open: [option(1)], settled: [], clockOffsetMs: 0, syncedAt: 5, cached: false },
    });
    const seen: SecondState[] = [];
    watchSecondOptions(h.deps, (s) => seen.push(s));
    await flush();
    expect(seen[0]).toMatchObject({ cached: true, syncedAt: 5, open: [{ id: 1 }] });
  });

  it('ignores a cached state of another user', async () => {
    const h = harness({ open: [], settled: [], time: 10_000 });
    h.cache.set(datedKey(SECOND_CACHE_KEY, 8), {
      userId: 8,
      data: { open: [option(9)], settled: [] },
      savedAt: 1,
    });
    h.cache.set(SECOND_CACHE_KEY, { userId: 8, state: { open: [option(9)], settled: [] } });
    const seen: SecondState[] = [];
    watchSecondOptions(h.deps, (s) => seen.push(s));
    await flush();
    await flush();
    expect(seen.every((s) => !s.open.some((o) => o.id === 9))).toBe(true);
  });

  it('moves an option to settled on its event, and re-reads after a reconnect', async () => {
    const server = { open: [option(3)], settled: [] as SecondOption[], time: 10_000 };
    const h = harness(server);
    const seen: SecondState[] = [];
    watchSecondOptions(h.deps, (s) => seen.push(s));
    await flush();
    await flush();
    h.event({ type: 'second', option: option(3, { status: 'settled', result: 'won', credited: '18.00' }) });
    expect(seen.at(-1)).toMatchObject({ open: [], settled: [{ id: 3, result: 'won' }] });
    server.open = [option(4)];
    h.calls.length = 0;
    h.reconnect();
    await flush();
    await flush();
    expect(h.calls).toContain('second/options:open');
    expect(seen.at(-1)?.open.map((o) => o.id)).toEqual([4]);
  });

  it('re-reads when an expiry passes without its settlement event', async () => {
    const server = { open: [option(5, { expiresAt: 20_000 })], settled: [] as SecondOption[], time: 10_000 };
    const h = harness(server);
    const seen: SecondState[] = [];
    watchSecondOptions(h.deps, (s) => seen.push(s));
    await flush();
    await flush();
    server.open = [];
    server.settled = [option(5, { status: 'settled', result: 'equal' })];
    h.calls.length = 0;
    h.advance(11_000);
    expect(h.calls).toEqual([]);
    h.advance(600);
    await flush();
    await flush();
    expect(seen.at(-1)).toMatchObject({ open: [], settled: [{ id: 5, result: 'equal' }] });
  });
});

describe('previewSecond', () => {
  const duration = { seconds: 30, payoutRate: '0.8', minStake: '10', maxStake: '5000', exposureCap: '1' };
  it('computes the floored payout and the floored % shortcut', () => {
    expect(previewSecond({ stake: '12.34', duration, stakeDecimals: 2 })).toEqual({
      payout: '22.21',
      problem: null,
      share: null,
    });
    expect(
      previewSecond({ stake: '', duration, stakeDecimals: 2, available: '1000.999', percent: 25 }),
    ).toMatchObject({ share: '250.24', problem: 'required', payout: null });
    expect(previewSecond({ stake: '5', duration, stakeDecimals: 2 }).problem).toBe('amountBelowMin');
    expect(previewSecond({ stake: 'x', duration, stakeDecimals: 2 }).problem).toBe('amountFormat');
  });
});
