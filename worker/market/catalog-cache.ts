// The market catalog (pairs with their trading/closed status, quote tab order) kept on the device, so
// the market and trade pages list pairs in catalog order with their state also offline. The UI reads
// it with `cachedCatalog()` next to its network call and shows the live answer once it arrives; the
// `market/catalog` call itself never answers from the cache, so its outcome stays honest about the
// network (an offline intent is still an offline intent).
import type { CatalogInfo } from '../../domain';
import type { DeviceStore } from '../store';
import { KV } from '../store-keys';
import type { CachedCatalog } from './types';

interface CatalogRow {
  catalog: CatalogInfo;
  savedAt: number;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * True for something shaped like a catalog. Shallow on purpose: the row was written by this worker
 * from a server answer; the check only guards against a row of an older app version.
 */
export function isCatalog(v: unknown): v is CatalogInfo {
  return (
    isObj(v) &&
    Array.isArray(v.coins) &&
    Array.isArray(v.quotes) &&
    v.quotes.every((q) => typeof q === 'string') &&
    Array.isArray(v.pairs) &&
    v.pairs.every((p) => isObj(p) && typeof p.symbol === 'string' && typeof p.status === 'string') &&
    isObj(v.tradePassword)
  );
}

/** Keeps `catalog` as the device's copy, stamped with `now` (ms since the epoch). */
export async function saveCatalog(store: DeviceStore, catalog: CatalogInfo, now: number): Promise<void> {
  const row: CatalogRow = { catalog, savedAt: now };
  await store.set(KV.catalog, row);
}

/** The device's copy of the catalog and when it was saved; nulls when there is none (or it is unusable). */
export async function loadCatalog(store: DeviceStore): Promise<CachedCatalog> {
  const row = await store.get<unknown>(KV.catalog);
  if (isObj(row) && isCatalog(row.catalog) && typeof row.savedAt === 'number') {
    return { catalog: row.catalog, savedAt: row.savedAt };
  }
  return { catalog: null, savedAt: null };
}
