import { useEffect, useState } from 'react';
import * as Comlink from 'comlink';
import type { TradeTick } from '../../../domain/market-data';
import { useCore } from '../../core/contexts';

/** The latest trades of `symbol`, newest first, live; empty while none are known. */
export function useTrades(symbol: string | null): TradeTick[] {
  const { core } = useCore();
  const [held, setHeld] = useState<{ symbol: string; trades: TradeTick[] } | null>(null);
  useEffect(() => {
    if (!symbol) return;
    let stopped = false;
    let id: number | null = null;
    const listener = Comlink.proxy((trades: TradeTick[]) => {
      if (!stopped) setHeld({ symbol, trades });
    });
    core.watchTrades(symbol, listener).then(
      (w) => {
        if (stopped) void core.unwatch(w).catch(() => undefined);
        else id = w;
      },
      (e: unknown) => console.error('watchTrades failed', e),
    );
    return () => {
      stopped = true;
      if (id !== null) void core.unwatch(id).catch(() => undefined);
    };
  }, [core, symbol]);
  return held && held.symbol === symbol ? held.trades : [];
}
