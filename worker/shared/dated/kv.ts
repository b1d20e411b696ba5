// The one dated copy of what the server last answered, kept on the device: a signed-in user's copy
// lives under the private prefix, so it goes with the session (store.setSession clears that prefix
// and the `private` table at sign-out) and is never served to another account; a signed-out copy
// (user null) is public and stays. Areas keep their copies here (identity, fiat); the private reads
// of worker/private-cache.ts keep the same row shape, per request, in their own table.
import type { DeviceStore } from '../../store';
import { PRIVATE_KV_PREFIX } from '../../store-keys';

/** A copy as the device keeps it: whose (null: public), the data, and when it was received (ms). */
export interface DatedRow<T = unknown> {
  userId: number | null;
  data: T;
  savedAt: number;
}

/** A kept copy and when it was received, in ms since the epoch. */
export interface DatedCopy<T> {
  data: T;
  savedAt: number;
}

/** The `kv` key of `key` for `userId`: private (gone at sign-out) when a user is signed in. */
export function datedKey(key: string, userId: number | null): string {
  return userId === null ? key : `${PRIVATE_KV_PREFIX}${key}`;
}

/** Keeps `data` as the copy of `key` for `userId` (null: public). Storage errors reach the caller. */
export async function keepDated(
  store: Pick<DeviceStore, 'set'>,
  key: string,
  userId: number | null,
  data: unknown,
  at: number,
): Promise<void> {
  await store.set(datedKey(key, userId), { userId, data, savedAt: at } satisfies DatedRow);
}

/**
 * The copy of `key` kept for `userId`, or null: none, another account's, or unreadable. Rows written
 * before this cache (the fiat cache's `{data, cachedAt}`) still read, so devices keep their copies.
 */
export async function loadDated<T>(
  store: Pick<DeviceStore, 'get'>,
  key: string,
  userId: number | null,
): Promise<DatedCopy<T> | null> {
  const row = await store
    .get<Partial<DatedRow<T>> & { cachedAt?: number }>(datedKey(key, userId))
    .catch(() => undefined);
  if (!row || typeof row !== 'object') return null;
  if (row.userId !== undefined && row.userId !== userId) return null;
  const savedAt = row.savedAt ?? row.cachedAt;
  if (typeof savedAt !== 'number') return null;
  return { data: row.data as T, savedAt };
}

/** Forgets the copies of `keys` of a signed-in user (the session's own end clears them all). */
export function forgetDated(store: Pick<DeviceStore, 'remove'>, keys: readonly string[]): Promise<void> {
  return store.remove(...keys.map((k) => datedKey(k, 0)));
}
