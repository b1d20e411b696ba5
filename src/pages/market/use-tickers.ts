import * as Comlink from 'comlink';
import { useCallback, useEffect, useState } from 'react';
import type { Ticker } from '../../../domain/market-data';
import { useCore } from '../../core/contexts';
import { useStreaming } from './socket-state';
import { startWatch } from './watch';

/** Tickers as a page shows them. */
export interface TickersState {
  tickers: Ticker[];
  /** Where the list came from: nothing yet, the device cache, or the worker's live feed. */
  source: 'none' | 'cache' | 'live';
  /** When the list was current (cache save time, or when the feed last sent it), in ms. */
  at: number | null;
  /** The age to show: set while the list is cached or the socket is not streaming, else null. */
  staleSince: number | null;
  /** The cache has been read (so an empty list now really means "nothing known yet"). */
  settled: boolean;
  /** Restarts the live feed (pull-to-refresh): the worker re-reads the tickers from the server. */
  restart(): void;
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
  const [held, setHeld] = useState<Held>({ tickers: [], source: 'none', at: null });
  const [settled, setSettled] = useState(false);
  const [epoch, setEpoch] = useState(0);

  useEffect(() => {
    let live = true;
    core.cachedTickers().then(
      (cached) => {
        if (!live) return;
        // Live data that already arrived is never replaced by the older cache.
        setHeld((h) =>
          h.source === 'live' || cached.tickers.length === 0
            ? h
            : { tickers: cached.tickers, source: 'cache', at: cached.savedAt },
        );
        setSettled(true);
      },
      () => live && setSettled(true),
    );
    const stop = startWatch(core, () =>
      core.watchTickers(
        Comlink.proxy((tickers: Ticker[]) => {
          if (live) setHeld({ tickers, source: 'live', at: Date.now() });
        }),
      ),
    );
    return () => {
      live = false;
      stop();
    };
  }, [core, epoch]);

  const restart = useCallback(() => setEpoch((e) => e + 1), []);
  const stale = held.source === 'cache' || (held.source === 'live' && !streaming);
  return { ...held, staleSince: stale ? held.at : null, settled, restart };
}

/** The ticker of `symbol`, if known. */
export function findTicker(tickers: readonly Ticker[], symbol: string): Ticker | undefined {
  return tickers.find((t) => t.symbol === symbol);
}
