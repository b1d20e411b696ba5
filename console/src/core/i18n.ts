// The console's texts: i18next with one file per language under console/locales/ (not the app's
// locales/, so no console text is in the app's build). A language's file loads when it is chosen.
import i18next, { type i18n } from 'i18next';
import { BCP47, type Lang } from '../../../domain/locale';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json');

/** The console's one namespace. */
export const NS = 'console';

async function load(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, NS)) return;
  const file = files[`../../locales/${lang}.json`];
  if (!file) return;
  i18next.addResourceBundle(lang, NS, (await file()).default, true, true);
}

/** Starts i18next in `lang` (English beside it, for texts a language lacks). */
export async function initI18n(lang: Lang): Promise<i18n> {
  await i18next.init({
    lng: lang,
    fallbackLng: 'en',
    ns: [NS],
    defaultNS: NS,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([load('en'), load(lang)]);
  return i18next;
}

/** Switches to `lang` once its texts are loaded. */
export async function changeLang(lang: Lang): Promise<void> {
  await load(lang);
  await i18next.changeLanguage(lang);
}

/** The BCP-47 tag of the language shown, for numbers and dates. */
export function localeTag(): string {
  return BCP47[(i18next.language as Lang) ?? 'en'] ?? 'en';
}

/** `t` in the current language, with `{{name}}` values. */
export type T = (key: string, values?: Record<string, string | number>) => string;
