import * as Comlink from 'comlink';
import { useCallback, useEffect, useState, startTransition } from 'react';
import type { Ticker } from '../../../domain/market-data';
import { useCore } from '../../core/contexts';
import { useOnline } from '../../components/use-online';
import { useStreaming } from './socket-state';
import { startWatch } from './watch';

/** Tickers as a page shows them. */
export interface TickersState {
  tickers: Ticker[];
  /** Where the list came from: nothing yet, the device cache, or the worker's live feed. */
  source: 'none' | 'cache' | 'live';
  /** When the list was current (cache save time, or when the feed last sent it), in ms. */
  at: number | null;
  /**
   * The age to show: set while the list is the device's copy, or the socket has not streamed for
   * LIVE_GRACE_MS; else null.
   */
  staleSince: number | null;
  /**
   * The list is as complete as it will be for a while: the cache had prices, the feed sent its
   * first list, the app is offline, or FIRST_PRICES_WAIT_MS passed. Until then an empty list means
   * "still coming" (a placeholder of the loaded size), never "no prices" (which would shrink the card
   * and grow it again a moment later: layout shift).
   */
  settled: boolean;
  /** Restarts the live feed (pull-to-refresh): the worker re-reads the tickers from the server. */
  restart(): void;
}

/** How long a first visit waits for the feed's first prices before saying there are none, in ms. */
export const FIRST_PRICES_WAIT_MS = 10_000;

/**
 * Prices the feed sent while the socket is not streaming (read over HTTP as it connects or
 * reconnects) count as current this long, in ms. A first visit's prices come before the socket
 * streams: an age shown for that second and then hidden told nothing and moved what was below it
 * (layout shift).
 */
export const LIVE_GRACE_MS = 10_000;

/**
 * The age a list shows at `now` (ms), or null: always for the device's copy; for the live feed only
 * while the socket is not streaming and the last prices are LIVE_GRACE_MS old.
 */
export function staleSince(
  held: { source: 'none' | 'cache' | 'live'; at: number | null },
  streaming: boolean,
  now: number,
): number | null {
  if (held.at === null) return null;
  if (held.source === 'cache') return held.at;
  return held.source === 'live' && !streaming && now - held.at >= LIVE_GRACE_MS ? held.at : null;
}

interface Held {
  tickers: Ticker[];
  source: 'none' | 'cache' | 'live';
  at: number | null;
}

/**
 * Every market's ticker: the device cache first (instant, also offline), then the live feed
 * (`watchTickers`, at most one update per frame). Stops watching on unmount.
 */
export function useTickers(): TickersState {
  const { core } = useCore();
  const streaming = useStreaming();
  const online = useOnline();
  const [held, setHeld] = useState<Held>({ tickers: [], source: 'none', at: null });
  const [settled, setSettled] = useState(false);
  const [epoch, setEpoch] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waitForFeed = () => {
      timer = setTimeout(() => live && setSettled(true), FIRST_PRICES_WAIT_MS);
    };
    core.cachedTickers().then(
      (cached) => {
        if (!live) return;
        // Live data that already arrived is never replaced by the older cache.
        setHeld((h) =>
          h.source === 'live' || cached.tickers.length === 0
            ? h
            : { tickers: cached.tickers, source: 'cache', at: cached.savedAt },
        );
        if (cached.tickers.length > 0) setSettled(true);
        else waitForFeed();
      },
      () => live && waitForFeed(),
    );
    const stop = startWatch(core, () =>
      core.watchTickers(
        Comlink.proxy((tickers: Ticker[]) => {
          // A transition: a price update yields to taps and typing (React renders it in slices).
          if (!live) return;
          startTransition(() => {
            setHeld({ tickers, source: 'live', at: Date.now() });
            setSettled(true);
          });
        }),
      ),
    );
    return () => {
      live = false;
      clearTimeout(timer);
      stop();
    };
  }, [core, epoch]);

  // Live prices without the socket become dated once the grace has passed: look again then.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (held.source !== 'live' || held.at === null || streaming) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, held.at + LIVE_GRACE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [held.source, held.at, streaming]);

  const restart = useCallback(() => setEpoch((e) => e + 1), []);
  return { ...held, staleSince: staleSince(held, streaming, now), settled: settled || !online, restart };
}

/** The ticker of `symbol`, if known. */
export function findTicker(tickers: readonly Ticker[], symbol: string): Ticker | undefined {
  return tickers.find((t) => t.symbol === symbol);
}
