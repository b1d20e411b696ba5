import { useCallback, useEffect, useState } from 'react';
import type { CatalogInfo, PairInfo } from '../../../domain/market';
import type { Ticker } from '../../../domain/market-data';
import { coreCall } from '../../core/core-client';
import { useCore } from '../../core/contexts';
import type { Call } from '../../core/use-call';
import { splitSymbol } from './format-market';

// The catalog changes rarely; one copy per app session serves every market page.
let known: CatalogInfo | null = null;

/** The market catalog as a page holds it. */
export interface CatalogState {
  catalog: CatalogInfo | null;
  /** The last load failed (offline, server fault); pages fall back to what the tickers name. */
  failed: boolean;
  /** Reloads through the app's call (so a failure is reported by the one intent handler). */
  reload(call: Call): Promise<void>;
}

/**
 * The public catalog (`market/catalog`). The first load is quiet: offline, the page still renders
 * the cached tickers, and the offline banner already says why nothing is fresh.
 */
export function useCatalog(): CatalogState {
  const { core } = useCore();
  const [catalog, setCatalog] = useState<CatalogInfo | null>(known);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (known) return;
    let live = true;
    coreCall(core, 'market/catalog', {}).then(
      (out) => {
        if (!live) return;
        if (out.ok) {
          known = out.data;
          setCatalog(out.data);
        } else setFailed(true);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [core]);

  const reload = useCallback(async (call: Call) => {
    const out = await call('market/catalog', {});
    if (out.ok) {
      known = out.data;
      setCatalog(out.data);
      setFailed(false);
    } else setFailed(true);
  }, []);

  return { catalog, failed, reload };
}

/**
 * The pairs to list: the catalog's, or (without a catalog, such as offline) the ones the tickers
 * name, with their state unknown.
 */
export function listedPairs(
  catalog: CatalogInfo | null,
  tickers: readonly Ticker[],
): (Pick<PairInfo, 'symbol' | 'base' | 'quote'> & { status?: PairInfo['status'] })[] {
  if (catalog) return catalog.pairs;
  return tickers.map((t) => ({ symbol: t.symbol, ...splitSymbol(t.symbol) }));
}

/** Quote tabs: the catalog's order, or the quotes the tickers name. */
export function quoteTabs(catalog: CatalogInfo | null, tickers: readonly Ticker[]): string[] {
  if (catalog) return catalog.quotes;
  return [...new Set(tickers.map((t) => splitSymbol(t.symbol).quote))].filter(Boolean);
}
