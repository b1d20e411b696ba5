import { startTransition, useEffect, useMemo, useState } from 'react';
import type { FlatNamespace, TFunction } from 'i18next';
import { hasNamespace, loadTexts, onTextsChanged, textLanguage, translate, type TextValues } from './texts';

// The React binding of the texts engine (i18next behind src/i18n/texts.ts): a `t` for the current
// language and namespaces that re-renders on a language change and when texts arrive. Not
// react-i18next's hook: arriving texts re-render here as a transition, in short tasks (README,
// "Main thread"). Keys are typed by i18next's TFunction (src/i18n/i18next.d.ts).

/**
 * What a component's texts depend on: the language and which of its namespaces have arrived. Only
 * a change of these re-renders it: a namespace another page loads (such as `errors` after the first
 * render) must not re-render the whole app in one blocking task.
 */
const stamp = (key: string): string =>
  `${textLanguage()}|${key
    .split('|')
    .map((n) => (hasNamespace(n) ? '1' : '0'))
    .join('')}`;

type Ns = FlatNamespace | readonly [FlatNamespace, ...FlatNamespace[]];

/**
 * `t` of `ns` (default `common`) in the current language. A namespace that is not loaded yet is
 * loaded, and the component renders again when it arrives.
 */
export function useTranslation<const N extends Ns = 'common'>(
  ns?: N,
): { t: TFunction<N extends readonly unknown[] ? N : N> } {
  const list: readonly string[] = ns === undefined ? ['common'] : typeof ns === 'string' ? [ns] : ns;
  const key = list.join('|');
  // State with a subscription rather than useSyncExternalStore, whose updates always render in one
  // blocking task: arriving texts re-render as a transition, in short tasks.
  const [held, setHeld] = useState(() => ({ key, v: stamp(key) }));
  const v = held.key === key ? held.v : stamp(key);
  useEffect(() => {
    const update = () => {
      const next = stamp(key);
      startTransition(() => setHeld((h) => (h.key === key && h.v === next ? h : { key, v: next })));
    };
    const off = onTextsChanged(update);
    // Texts that arrived between this render and the subscription.
    update();
    return off;
  }, [key]);
  useEffect(() => {
    const missing = key.split('|').filter((n) => !hasNamespace(n));
    if (missing.length > 0) void loadTexts(missing).catch(() => undefined);
  }, [key, v]);
  const t = useMemo(
    () => {
      const namespaces = key.split('|');
      return (k: string, values?: TextValues) => translate(k, values, namespaces);
    },
    // `v` changes with the language and with this component's texts: a new `t` re-renders memoised children.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, v],
  );
  return { t: t as unknown as TFunction<N extends readonly unknown[] ? N : N> };
}
