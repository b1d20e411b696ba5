import { useEffect, useMemo, useSyncExternalStore } from 'react';
import i18next from 'i18next';
import type { FlatNamespace, TFunction } from 'i18next';

// The React binding of i18next, reduced to what the app uses: a `t` for the current language and
// namespaces that re-renders on language changes and when texts arrive. react-i18next did the
// same with 3.4 KiB gzip more in the first load (Trans, HOCs, Suspense support the app never used).

let version = 0;
const listeners = new Set<() => void>();
const bump = () => {
  version++;
  for (const l of listeners) l();
};
let attached = false;

function subscribe(listener: () => void): () => void {
  if (!attached) {
    attached = true;
    i18next.on('languageChanged', bump);
    i18next.on('loaded', bump);
    i18next.store?.on('added', bump);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => version;

type Ns = FlatNamespace | readonly [FlatNamespace, ...FlatNamespace[]];

/**
 * `t` of `ns` (default `common`) in the current language. A namespace that is not loaded yet is
 * loaded, and the component renders again when it arrives.
 */
export function useTranslation<const N extends Ns = 'common'>(
  ns?: N,
): { t: TFunction<N extends readonly unknown[] ? N : N>; i18n: typeof i18next } {
  const v = useSyncExternalStore(subscribe, snapshot, snapshot);
  const list: readonly string[] = ns === undefined ? ['common'] : typeof ns === 'string' ? [ns] : ns;
  const key = list.join('|');
  useEffect(() => {
    const missing = key.split('|').filter((n) => !i18next.hasLoadedNamespace(n));
    if (missing.length > 0) void i18next.loadNamespaces(missing).catch(() => undefined);
  }, [key, v]);
  const t = useMemo(
    () => i18next.getFixedT(null, (ns ?? 'common') as never) as unknown,
    // `v` changes with the language and with arriving texts: a new `t` re-renders memoised children.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, v],
  );
  return { t: t as TFunction<N extends readonly unknown[] ? N : N>, i18n: i18next };
}
