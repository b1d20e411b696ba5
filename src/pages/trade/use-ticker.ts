import { useEffect, useState } from 'react';
import * as Comlink from 'comlink';
import type { Ticker } from '../../../domain/market-data';
import { useCore } from '../../core/contexts';

/** The live 24-hour ticker of one market, or null while none is known. */
export function useTicker(symbol: string | null): Ticker | null {
  const { core } = useCore();
  const [ticker, setTicker] = useState<Ticker | null>(null);
  useEffect(() => {
    if (!symbol) return;
    let gone = false;
    let id: number | null = null;
    const listener = Comlink.proxy((list: Ticker[]) => {
      if (gone) return;
      const next = list.find((t) => t.symbol === symbol) ?? null;
      setTicker((prev) => (prev && next && prev.ts === next.ts && prev.last === next.last ? prev : next));
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
      setTicker(null);
    };
  }, [core, symbol]);
  return ticker;
}
