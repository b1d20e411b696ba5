// What the identity pages last received (verification state, team summary, credit score), kept on
// the device per user, so after one visit they render at once – offline too – marked with the time
// it was saved. The calls themselves never answer from here: an offline call is still offline.
import type { Res } from '../../domain/endpoints';
import type { DeviceStore } from '../store';

/** The calls whose last answer is kept. */
export const PRIVATE_CACHED = ['kyc/status', 'team/summary', 'credit/score'] as const;
/** One of PRIVATE_CACHED. */
export type PrivateCachedName = (typeof PRIVATE_CACHED)[number];

/** A kept answer and when it was saved (ms since the epoch). */
export interface CachedPrivate<K extends PrivateCachedName> {
  data: Res<K>;
  savedAt: number;
}

interface Row {
  userId: number;
  data: unknown;
  savedAt: number;
}

const keyOf = (name: PrivateCachedName) => `private:${name}`;

/** True for a call whose answer is kept. */
export function isPrivateCached(name: string): name is PrivateCachedName {
  return (PRIVATE_CACHED as readonly string[]).includes(name);
}

/** Keeps `data` as the last answer of `name` for `userId`. */
export async function savePrivate(
  store: DeviceStore,
  userId: number,
  name: PrivateCachedName,
  data: unknown,
  now: number,
): Promise<void> {
  const row: Row = { userId, data, savedAt: now };
  await store.set(keyOf(name), row);
}

/** The kept answer of `name` if it belongs to `userId`; another account's is never returned. */
export async function loadPrivate<K extends PrivateCachedName>(
  store: DeviceStore,
  userId: number | null,
  name: K,
): Promise<CachedPrivate<K> | null> {
  if (userId === null) return null;
  const row = await store.get<Row>(keyOf(name));
  if (!row || row.userId !== userId || typeof row.savedAt !== 'number') return null;
  return { data: row.data as Res<K>, savedAt: row.savedAt };
}

/** Forgets every kept answer (sign-out). */
export function clearPrivate(store: DeviceStore): Promise<void> {
  return store.remove(...PRIVATE_CACHED.map(keyOf));
}
