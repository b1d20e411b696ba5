import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { CatalogInfo } from '../../domain/market';
import { useCore } from './contexts';
import { coreCall } from './core-client';
import { useOnline } from '../components/use-online';
import { useCall } from './use-call';
import { publishCatalogCoins } from './catalog-coins';

// The catalog changes only when an operator edits it; one live copy per app session serves every
// page. A copy from the device cache is not kept here, so the next page to mount asks the server again.
let known: CatalogInfo | null = null;

/** Pause before the first automatic reload after a failed catalog load, in milliseconds; it doubles. */
export const RETRY_FIRST_MS = 1_000;
/** Longest pause between automatic reloads of the catalog, in milliseconds. */
export const RETRY_MAX_MS = 30_000;

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
 * first load is quiet: offline, the offline banner already says why nothing is fresh. A failed load is
 * made again by itself (when the server is reachable again, else after a growing pause).
 */
export function useCatalog(): CatalogState {
  const { core } = useCore();
  const call = useCall();
  const online = useOnline();
  const [held, setHeld] = useState<Held>({ catalog: known, savedAt: null });
  const [failed, setFailed] = useState(false);
  // Loads made by this page; a failed one is followed by another (below), so no page waits forever.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (known) return;
    let live = true;
    let fresh = false;
    core.cachedCatalog().then(
      (cached) => {
        // The server's answer, if it came first, is never replaced by the older copy.
        if (live && !fresh && cached.catalog) startTransition(() => setHeld(cached));
      },
      () => undefined,
    );
    coreCall(core, 'market/catalog', {}).then(
      (out) => {
        if (!live) return;
        fresh ||= out.ok;
        if (out.ok) known = out.data;
        // A transition: the page the catalog completes (a whole trade screen) renders in short tasks.
        startTransition(() => {
          if (out.ok) setHeld({ catalog: out.data, savedAt: null });
          setFailed(!out.ok);
        });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [core, attempt]);

  // After a failed load: again as soon as the server is reachable, then after a pause that grows
  // (a server fault, a request lost on a connection the server was closing) up to RETRY_MAX_MS.
  useEffect(() => {
    if (!failed || !online) return;
    const pause = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(attempt, 8));
    const timer = setTimeout(() => setAttempt((a) => a + 1), pause);
    return () => clearTimeout(timer);
  }, [failed, online, attempt]);
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current && failed) setAttempt((a) => a + 1);
    wasOnline.current = online;
  }, [online, failed]);

  const reload = useCallback(async () => {
    const out = await call('market/catalog', {});
    if (out.ok) {
      known = out.data;
      setHeld({ catalog: out.data, savedAt: null });
      setFailed(false);
    } else setFailed(true);
  }, [call]);

  // Another page's load may have succeeded while this one waited for its next attempt.
  const fromOther = known !== null && (held.catalog === null || held.savedAt !== null);
  const catalog = fromOther ? known : held.catalog;
  // Amounts deep inside cards read their coin's display decimals from this copy (catalog-coins.ts).
  useEffect(() => publishCatalogCoins(catalog?.coins), [catalog]);
  if (fromOther) return { catalog, savedAt: null, failed: false, reload };
  return { ...held, failed, reload };
}
