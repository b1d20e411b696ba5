// The React binding of the console's texts: a `t` that re-renders its component on a language
// change (as the app's own hook, src/i18n/use-translation.ts, without its namespaces).
import i18next from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { localeTag, type T } from './i18n';

/** `t` and the locale tag of the language shown. */
export function useTranslation(): { t: T; lang: string; locale: string } {
  const [lang, setLang] = useState(i18next.language);
  useEffect(() => {
    const update = (next: string) => setLang(next);
    i18next.on('languageChanged', update);
    return () => i18next.off('languageChanged', update);
  }, []);
  return useMemo(
    () => ({
      t: ((key: string, values?: Record<string, string | number>) =>
        i18next.t(key, { lng: lang, ...values })) as T,
      lang,
      locale: localeTag(),
    }),
    [lang],
  );
}
