import { useCallback, useSyncExternalStore } from 'react';
import { getCore } from '../../core/core-client';

// Favourite markets are a device preference kept by the worker in IndexedDB (`Prefs.favourites`).
// One module-level copy serves every component: loaded once, updated at once on a toggle (so the
// star answers immediately), then replaced by what the worker stored.
const EMPTY: readonly string[] = [];
let list: readonly string[] = EMPTY;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: readonly string[]): void {
  list = next;
  listeners.forEach((l) => l());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  loading ??= getCore()
    .getPrefs()
    .then(
      (prefs) => publish(prefs.favourites ?? EMPTY),
      (e: unknown) => console.error('favourites could not be read', e),
    );
  return () => listeners.delete(onChange);
}

/** Toggles `symbol` and persists the list through the worker; reverts if the worker refuses. */
async function toggleFavourite(symbol: string): Promise<void> {
  await loading;
  const before = list;
  const next = before.includes(symbol) ? before.filter((s) => s !== symbol) : [...before, symbol];
  publish(next);
  try {
    const stored = await getCore().setPrefs({ favourites: [...next] });
    // A later toggle may already be on its way; only the newest state is published.
    if (list === next) publish(stored.favourites ?? EMPTY);
  } catch (e) {
    console.error('favourites could not be saved', e);
    if (list === next) publish(before);
  }
}

/** Favourite market symbols of this device, and a toggle. */
export function useFavourites(): { favourites: readonly string[]; toggle(symbol: string): void } {
  const favourites = useSyncExternalStore(
    subscribe,
    () => list,
    () => EMPTY,
  );
  const toggle = useCallback((symbol: string) => void toggleFavourite(symbol), []);
  return { favourites, toggle };
}
