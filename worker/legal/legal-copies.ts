// The fiat area's device copies of its reads: what a page shows first on a weak network. Apart
// from the area's lazily loaded code (worker/legal/legal.ts, with the decimal rules), so that a
// first visit to the P2P hall reads and keeps its copies without fetching that code's chunks.
import type { EndpointName } from '../../domain';
import type { DeviceStore } from '../store';
import { datedKey, keepDated, loadDated } from '../shared/dated';

/** Legal reads a page shows first on a weak network, and what the worker last knew of them. */
const CACHED: ReadonlySet<string> = new Set([
  'legal/config',
  'legal/ads',
  'legal/order',
  'legal/orders',
  'legal/me',
  'legal/myAds',
  // A merchant's public shop (/pages/legal/storeUser): public data, read by anyone.
  'legal/merchant',
]);
/** Cached replies kept per device; the oldest go first. */
const MAX_ENTRIES = 40;
const INDEX_KEY = 'legal:index';

/** A reply as last received and when, in ms since the epoch. */
export interface CachedReply<T = unknown> {
  data: T;
  cachedAt: number;
}

/**
 * The cache key of a read: per user (private replies never show to another account) and request.
 * A signed-in user's copy is private in the worker's one dated cache (worker/shared/dated), so it
 * goes with the session like every other private copy; a signed-out read (user 0) is public and stays.
 */
export function legalKey(name: string, req: unknown, userId: number | null): string {
  return datedKey(readKey(name, req, userId), userId || null);
}

/** The dated cache's key of a read, before the private prefix. */
const readKey = (name: string, req: unknown, userId: number | null) =>
  `legal:${userId ?? 0}:${name}:${JSON.stringify(req ?? {})}`;

/** Keeps a successful legal read on the device. Failures to store are ignored (quota, private mode). */
export async function saveLegal(
  store: DeviceStore,
  name: EndpointName,
  req: unknown,
  userId: number | null,
  data: unknown,
  now: number,
): Promise<void> {
  if (!CACHED.has(name)) return;
  const key = legalKey(name, req, userId);
  try {
    const index = ((await store.get<string[]>(INDEX_KEY)) ?? []).filter((k) => k !== key);
    index.push(key);
    const dropped = index.splice(0, Math.max(0, index.length - MAX_ENTRIES));
    if (dropped.length) await store.remove(...dropped);
    await keepDated(store, readKey(name, req, userId), userId || null, data, now);
    await store.set(INDEX_KEY, index);
  } catch {
    // The live reply was shown; a cache that cannot be written only costs the next offline visit.
  }
}

/** The last reply of a read for this user, or null. */
export async function loadLegal(
  store: DeviceStore,
  name: EndpointName,
  req: unknown,
  userId: number | null,
): Promise<CachedReply | null> {
  if (!CACHED.has(name)) return null;
  const copy = await loadDated(store, readKey(name, req, userId), userId || null);
  return copy && { data: copy.data, cachedAt: copy.savedAt };
}
