import { startTransition, useEffect, useRef, useState } from 'react';
import * as Comlink from 'comlink';
import type { PairInfo } from '../../../domain/market';
import type { SellPreview } from '../../../worker/core-api';
import { useCore } from '../../core/contexts';

/**
 * The worker's live preview of selling `qty` (wire decimal string, '' for none) into `pair`'s
 * bids: the same rule as the server's quote, over the worker's merged book. Null until the first
 * book arrives or without a pair.
 */
export function useSellPreview(pair: PairInfo | null, qty: string): SellPreview | null {
  const { core } = useCore();
  const [preview, setPreview] = useState<SellPreview | null>(null);
  const id = useRef<number | null>(null);
  const qtyRef = useRef(qty);
  const symbol = pair?.symbol ?? null;
  const tickSize = pair?.tickSize ?? '';
  const takerFee = pair?.takerFee ?? '';

  useEffect(() => {
    qtyRef.current = qty;
    if (id.current !== null) core.setSellPreview(id.current, qty).catch((e: unknown) => console.error(e));
  }, [core, qty]);

  useEffect(() => {
    if (!symbol) return;
    let gone = false;
    const listener = Comlink.proxy((p: SellPreview) => {
      if (!gone) startTransition(() => setPreview(p));
    });
    core.watchSellPreview({ symbol, tickSize, takerFee, qty: qtyRef.current }, listener).then(
      (watch) => {
        if (gone) {
          void core.unwatchSellPreview(watch);
          return;
        }
        id.current = watch;
        void core.setSellPreview(watch, qtyRef.current);
      },
      (e: unknown) => console.error('watchSellPreview failed', e),
    );
    return () => {
      gone = true;
      if (id.current !== null) void core.unwatchSellPreview(id.current);
      id.current = null;
    };
  }, [core, symbol, tickSize, takerFee]);

  return preview && preview.symbol === symbol ? preview : null;
}

/** The time now in ms, refreshed every `everyMs` while `active`. */
export function useTicking(everyMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
