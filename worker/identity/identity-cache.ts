// What the identity pages last received (verification state, team summary, credit score), kept on
// the device per user, so after one visit they render at once – offline too – marked with the time
// it was saved. The calls themselves never answer from here: an offline call is still offline.
import type { Res } from '../../domain/endpoints';
import type { DeviceStore } from '../store';
import { forgetDated, keepDated, loadDated, type DatedCopy } from '../shared/dated';

/** The calls whose last answer is kept. */
export const PRIVATE_CACHED = ['kyc/status', 'team/summary', 'credit/score'] as const;
/** One of PRIVATE_CACHED. */
export type PrivateCachedName = (typeof PRIVATE_CACHED)[number];

/** A kept answer and when it was saved (ms since the epoch), in the worker's one dated cache. */
export type CachedPrivate<K extends PrivateCachedName> = DatedCopy<Res<K>>;

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
  await keepDated(store, name, userId, data, now);
}

/** The kept answer of `name` if it belongs to `userId`; another account's is never returned. */
export async function loadPrivate<K extends PrivateCachedName>(
  store: DeviceStore,
  userId: number | null,
  name: K,
): Promise<CachedPrivate<K> | null> {
  return userId === null ? null : loadDated<Res<K>>(store, name, userId);
}

/** Forgets every kept answer (sign-out). */
export function clearPrivate(store: DeviceStore): Promise<void> {
  return forgetDated(store, PRIVATE_CACHED);
}
