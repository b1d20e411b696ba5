import { useCallback, useEffect, useState } from 'react';
import type { CatalogInfo } from '../../domain/market';
import { useCore } from './contexts';
import { coreCall } from './core-client';
import { useCall } from './use-call';

// The catalog changes only when an operator edits it; one live copy per app session serves every
// page. A copy from the device cache is not kept here, so the next page to mount asks the server again.
let known: CatalogInfo | null = null;

/** The market catalog as a page holds it. */
export interface CatalogState {
  /** The live catalog, else the device's cached copy (offline), else null. */
  catalog: CatalogInfo | null;
  /** Save time of a catalog that comes from the device cache only; null once it is live (or none). */
  savedAt: number | null;
  /** The last server load failed (offline, server fault); `catalog` may still hold the cached copy. */
  failed: boolean;
  /** Reloads through the app's call, so a failure is reported by the one intent handler (pull-to-refresh). */
  reload(): Promise<void>;
}

interface Held {
  catalog: CatalogInfo | null;
  savedAt: number | null;
}

/**
 * The public catalog (`market/catalog`), shared by the market, K-line and trade pages. The device
 * cache (`cachedCatalog`) and the server are read together; the server's answer wins whenever it
 * arrives, so offline the pages still list pairs in catalog order with their trading state. The
 * first load is quiet: offline, the offline banner already says why nothing is fresh.
 */
export function useCatalog(): CatalogState {
  const { core } = useCore();
  const call = useCall();
  const [held, setHeld] = useState<Held>({ catalog: known, savedAt: null });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (known) return;
    let live = true;
    let fresh = false;
    core.cachedCatalog().then(
      (cached) => {
        // The server's answer, if it came first, is never replaced by the older copy.
        if (live && !fresh && cached.catalog) setHeld(cached);
      },
      () => undefined,
    );
    coreCall(core, 'market/catalog', {}).then(
      (out) => {
        if (!live) return;
        if (out.ok) {
          fresh = true;
          known = out.data;
          setHeld({ catalog: out.data, savedAt: null });
        } else setFailed(true);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [core]);

  const reload = useCallback(async () => {
    const out = await call('market/catalog', {});
    if (out.ok) {
      known = out.data;
      setHeld({ catalog: out.data, savedAt: null });
      setFailed(false);
    } else setFailed(true);
  }, [call]);

  return { ...held, failed, reload };
}
