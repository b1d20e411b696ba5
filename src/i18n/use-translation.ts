import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { FlatNamespace, TFunction } from 'i18next';
import { hasNamespace, loadTexts, onTextsChanged, translate, type TextValues } from './texts';

// The React binding of the texts engine (src/i18n/texts.ts): a `t` for the current language and
// namespaces that re-renders on a language change and when texts arrive. Keys stay typed through
// i18next's TFunction types (types only: no i18next code ships).

let version = 0;
onTextsChanged(() => {
  version++;
});
const subscribe = (listener: () => void) => onTextsChanged(listener);
const snapshot = () => version;

type Ns = FlatNamespace | readonly [FlatNamespace, ...FlatNamespace[]];

/**
 * `t` of `ns` (default `common`) in the current language. A namespace that is not loaded yet is
 * loaded, and the component renders again when it arrives.
 */
export function useTranslation<const N extends Ns = 'common'>(
  ns?: N,
): { t: TFunction<N extends readonly unknown[] ? N : N> } {
  const v = useSyncExternalStore(subscribe, snapshot, snapshot);
  const list: readonly string[] = ns === undefined ? ['common'] : typeof ns === 'string' ? [ns] : ns;
  const key = list.join('|');
  useEffect(() => {
    const missing = key.split('|').filter((n) => !hasNamespace(n));
    if (missing.length > 0) void loadTexts(missing).catch(() => undefined);
  }, [key, v]);
  const t = useMemo(
    () => {
      const namespaces = key.split('|');
      return (k: string, values?: TextValues) => translate(k, values, namespaces);
    },
    // `v` changes with the language and with arriving texts: a new `t` re-renders memoised children.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, v],
  );
  return { t: t as unknown as TFunction<N extends readonly unknown[] ? N : N> };
}
