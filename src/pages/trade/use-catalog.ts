import { useCallback, useEffect, useState } from 'react';
import type { CatalogInfo } from '../../../domain/market';
import { useCall } from '../../core/use-call';

// One catalog per tab session: it changes only when an operator edits it, and a pull refreshes it.
let cached: CatalogInfo | null = null;

/** The public market catalog (`market/catalog`): pairs with their grids and fees, trade-password policy. */
export function useCatalog(): { catalog: CatalogInfo | null; reload(): Promise<void> } {
  const call = useCall();
  const [catalog, setCatalog] = useState<CatalogInfo | null>(cached);
  const fetchCatalog = useCallback(async () => {
    const out = await call('market/catalog', {});
    return out.ok ? out.data : null;
  }, [call]);
  const keep = useCallback((data: CatalogInfo | null) => {
    if (!data) return;
    cached = data;
    setCatalog(data);
  }, []);
  useEffect(() => {
    void fetchCatalog().then(keep);
  }, [fetchCatalog, keep]);
  const reload = useCallback(() => fetchCatalog().then(keep), [fetchCatalog, keep]);
  return { catalog, reload };
}
