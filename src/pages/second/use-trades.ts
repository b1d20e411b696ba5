import { useEffect, useState } from 'react';
import * as Comlink from 'comlink';
import type { TradeTick } from '../../../domain/market-data';
import { useCore } from '../../core/contexts';
import { startWatch } from '../market/watch';

/** The latest trades of `symbol`, newest first, live; empty while none are known. */
export function useTrades(symbol: string | null): TradeTick[] {
  const { core } = useCore();
  const [held, setHeld] = useState<{ symbol: string; trades: TradeTick[] } | null>(null);
  useEffect(() => {
    if (!symbol) return;
    const listener = Comlink.proxy((trades: TradeTick[]) => setHeld({ symbol, trades }));
    return startWatch(core, () => core.watchTrades(symbol, listener));
  }, [core, symbol]);
  return held && held.symbol === symbol ? held.trades : [];
}
