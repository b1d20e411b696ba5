import { startTransition, useEffect, useState } from 'react';
import * as Comlink from 'comlink';
import type { Ticker } from '../../../domain/market-data';
import { useCore } from '../../core/contexts';
import type { DataTime } from '../../core/use-private-read';

/** One market's ticker and when it was current. */
export interface TickerState {
  /** Null while none is known. */
  ticker: Ticker | null;
  /** `cache` while it is the device's copy (the market list's cached tickers), else `live`. */
  time: DataTime;
}

const NONE: TickerState = { ticker: null, time: null };

/** The live 24-hour ticker of one market, or null while none is known (never the device's copy). */
export function useTicker(symbol: string | null): Ticker | null {
  return useTickerWith(symbol, false).ticker;
}

/**
 * The 24-hour ticker of one market: the device's cached copy first (also offline; show its `time`),
 * then the live feed.
 */
export function useDatedTicker(symbol: string | null): TickerState {
  return useTickerWith(symbol, true);
}

function useTickerWith(symbol: string | null, withCache: boolean): TickerState {
  const { core } = useCore();
  const [state, setState] = useState<TickerState>(NONE);
  useEffect(() => {
    if (!symbol) return;
    let gone = false;
    let id: number | null = null;
    if (withCache) {
      core.cachedTickers().then(
        (cached) => {
          const hit = cached.tickers.find((t) => t.symbol === symbol);
          if (gone || !hit || cached.savedAt === null) return;
          const time = { savedAt: cached.savedAt, source: 'cache' } as const;
          // Live data that already arrived is never replaced by the older copy.
          setState((prev) => (prev.time?.source === 'live' ? prev : { ticker: hit, time }));
        },
        () => undefined,
      );
    }
    const listener = Comlink.proxy((list: Ticker[]) => {
      if (gone) return;
      const next = list.find((t) => t.symbol === symbol) ?? null;
      startTransition(() =>
        setState((prev) =>
          prev.time?.source === 'live' &&
          prev.ticker &&
          next &&
          prev.ticker.ts === next.ts &&
          prev.ticker.last === next.last
            ? prev
            : { ticker: next, time: { savedAt: Date.now(), source: 'live' } },
        ),
      );
    });
    core.watchTickers(listener).then(
      (watch) => {
        if (gone) void core.unwatch(watch);
        else id = watch;
      },
      (e: unknown) => console.error('watchTickers failed', e),
    );
    return () => {
      gone = true;
      if (id !== null) void core.unwatch(id);
      setState(NONE);
    };
  }, [core, symbol, withCache]);
  return state;
}
