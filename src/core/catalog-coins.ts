import { useEffect, useSyncExternalStore } from 'react';
import type { CoinInfo } from '../../domain/market';
import { useCore } from './contexts';
import { coreCall } from './core-client';

// The catalog's coins (display decimals) for amounts shown deep inside cards, without each card
// loading the catalog: any page's useCatalog publishes the copy it holds, and the first amount on a
// page that has none asks once per app session (the server's copy, else the device's).
let coins: readonly CoinInfo[] | null = null;
let asking = false;
const listeners = new Set<() => void>();

/** Keeps `next` as the catalog's coins (called by useCatalog with the catalog it holds). */
export function publishCatalogCoins(next: readonly CoinInfo[] | null | undefined): void {
  if (!next || next === coins) return;
  coins = next;
  for (const l of listeners) l();
}

const snapshot = () => coins;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * The catalog entry of coin `symbol` (its display decimals), or undefined until the catalog is
 * known or for a coin it does not list; an amount is then shown exactly.
 */
export function useCatalogCoin(symbol: string): CoinInfo | undefined {
  const { core } = useCore();
  // The same snapshot on a server render (react-dom/server, as the unit tests render cards): without
  // it React refuses to render a component that reads a store.
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (coins || asking) return;
    asking = true;
    const done = () => {
      asking = false;
    };
    coreCall(core, 'market/catalog', {})
      .then((out) => {
        if (out.ok) return publishCatalogCoins(out.data.coins);
        // Offline: the copy the device kept from an earlier visit.
        return core.cachedCatalog().then((c) => publishCatalogCoins(c.catalog?.coins));
      })
      .then(done, done);
  }, [core]);
  // Not i18n/numbers' coinOf: useCatalog publishes from here, and the market list must not load the
  // number formatters with it (its first-load file budget).
  return list?.find((c) => c.symbol === symbol);
}
