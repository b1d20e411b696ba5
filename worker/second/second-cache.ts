// The option watcher's device copy (worker/second/second-watch.ts) in the worker's dated cache: the
// signed-in user's open and recent options, private, so they go with the session at sign-out and
// the option page renders them, dated, on an offline visit.
import type { DeviceStore } from '../store';
import { keepDated, loadDated } from '../shared/dated';
import { SECOND_CACHE_KEY } from './second-cache-key';
import type { SecondCache, SecondState } from './second-watch';

/** How the state was kept before the dated cache, outside the private prefix. */
interface LegacyRow {
  userId: number;
  state: SecondState;
}

/**
 * The option state over the dated cache under SECOND_CACHE_KEY. A copy kept before that cache (the
 * whole row under the public key, removed at sign-out by the module's `privateKeys`) still reads.
 */
export function secondCache(store: Pick<DeviceStore, 'get' | 'set'>): SecondCache {
  return {
    async load(userId) {
      const copy = await loadDated<SecondState>(store, SECOND_CACHE_KEY, userId);
      if (copy) return copy.data;
      const row = await store.get<LegacyRow>(SECOND_CACHE_KEY).catch(() => undefined);
      return row && row.userId === userId ? row.state : null;
    },
    keep: (userId, state, at) => keepDated(store, SECOND_CACHE_KEY, userId, state, at),
  };
}
