import type { EndpointName, Outcome, PrivateEvent, Req, Res } from '../../domain';
import type { SecondOption, SecondTermsInfo } from '../../domain/second-endpoints';
import { notify } from '../notify';
import { defaultTimers, type TimerHandle, type Timers } from '../timers';

/** What the option page shows of the user's options; plain data, display-ready. */
export interface SecondState {
  /** Open options, soonest expiry first. */
  open: SecondOption[];
  /** The latest settled options, newest first (at most SETTLED_KEPT). */
  settled: SecondOption[];
  /** Server clock minus device clock, in ms: countdowns run on the server's clock. */
  clockOffsetMs: number;
  /** When the server last confirmed this state, epoch ms (device clock); null when never. */
  syncedAt: number | null;
  /** True while the state comes only from the device cache (before the first sync, or offline). */
  cached: boolean;
  /** The option terms as last read, so the page can render offline after one visit; null before. */
  terms: SecondTermsInfo | null;
}

/** Settled options kept in the state and the cache. */
export const SETTLED_KEPT = 20;
/** After an expiry passes with no settlement event, the state is re-read this much later (ms). */
export const EXPIRY_GRACE_MS = 1_500;

/** What the watcher needs from the core. */
export interface SecondWatchDeps {
  call<K extends EndpointName>(name: K, req: Req<K>): Promise<Outcome<Res<K>>>;
  /** Subscribes to the private channel; returns an unsubscribe. */
  onPrivate(listener: (event: PrivateEvent) => void): () => void;
  /** Socket state changes; returns an unsubscribe. */
  onSocketOpen(listener: () => void): () => void;
  userId(): number | null;
  /** The device copy of the state (worker/second/second-cache.ts: the dated cache). */
  cache: SecondCache;
  timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  now?: () => number;
}

/** The device copy of one user's option state. */
export interface SecondCache {
  /** The state kept for `userId`, or null (none, another user's, unreadable). */
  load(userId: number): Promise<SecondState | null>;
  /** Keeps `state` for `userId`, received at `at` (ms since the epoch). */
  keep(userId: number, state: SecondState, at: number): Promise<void>;
}

const byExpiry = (a: SecondOption, b: SecondOption) => a.expiresAt - b.expiresAt || a.id - b.id;
const newestFirst = (a: SecondOption, b: SecondOption) => b.id - a.id;

/**
 * Keeps the user's open and recent options for the option page: the cached state first (so a reload
 * shows the running countdowns at once, dated), then the server's; settlement events from the
 * private channel; a full re-read when the socket reconnects (events missed while it was down) and
 * when an expiry passes without its event. Returns a stop function.
 */
export function watchSecondOptions(deps: SecondWatchDeps, listener: (s: SecondState) => void): () => void {
  const now = deps.now ?? Date.now;
  const timers = deps.timers ?? defaultTimers;
  let state: SecondState = {
    open: [],
    settled: [],
    clockOffsetMs: 0,
    syncedAt: null,
    cached: true,
    terms: null,
  };
  let stopped = false;
  let check: TimerHandle | null = null;
  let syncing: Promise<void> | null = null;
  const user = deps.userId();

  const emit = (persist: boolean) => {
    if (stopped) return;
    notify(listener, state);
    scheduleCheck();
    if (persist && user !== null) deps.cache.keep(user, state, now()).catch(() => undefined);
  };

  const apply = (o: SecondOption) => {
    const open = state.open.filter((x) => x.id !== o.id);
    const settled = state.settled.filter((x) => x.id !== o.id);
    if (o.status === 'open') open.push(o);
    else settled.push(o);
    state = {
      ...state,
      open: open.sort(byExpiry),
      settled: settled.sort(newestFirst).slice(0, SETTLED_KEPT),
    };
  };

  const sync = (): Promise<void> =>
    (syncing ??= (async () => {
      try {
        const t0 = now();
        const terms = await deps.call('second/terms', {});
        const t1 = now();
        const [open, settled] = await Promise.all([
          deps.call('second/options', { status: 'open', limit: 200 }),
          deps.call('second/options', { status: 'settled', limit: SETTLED_KEPT }),
        ]);
        if (stopped || !open.ok || !settled.ok) return;
        state = {
          open: [...open.data].sort(byExpiry),
          settled: [...settled.data].sort(newestFirst),
          // The reply was made about half-way through the round trip.
          clockOffsetMs: terms.ok ? Math.round(terms.data.serverTime - (t0 + t1) / 2) : state.clockOffsetMs,
          syncedAt: now(),
          cached: false,
          terms: terms.ok ? terms.data : state.terms,
        };
        emit(true);
      } finally {
        syncing = null;
      }
    })());

  function scheduleCheck() {
    if (check !== null) timers.clearTimeout(check);
    check = null;
    const first = state.open[0];
    if (!first || stopped) return;
    const wait = first.expiresAt - (now() + state.clockOffsetMs) + EXPIRY_GRACE_MS;
    check = timers.setTimeout(
      () => {
        check = null;
        void sync();
      },
      Math.max(wait, EXPIRY_GRACE_MS),
    );
  }

  const offPrivate = deps.onPrivate((e) => {
    if (e.type !== 'second') return;
    apply(e.option);
    emit(true);
  });
  const offOpen = deps.onSocketOpen(() => void sync());

  void (async () => {
    if (user !== null) {
      const saved = await deps.cache.load(user).catch(() => null);
      if (!stopped && saved && state.syncedAt === null) {
        state = { ...saved, terms: saved.terms ?? null, cached: true };
        emit(false);
      }
    }
    await sync();
  })();

  return () => {
    stopped = true;
    offPrivate();
    offOpen();
    if (check !== null) timers.clearTimeout(check);
  };
}
