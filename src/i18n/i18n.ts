import i18next from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS } from '../../domain/locale';
import type { Lang } from '../../domain/locale';
import type { ErrorKey } from '../../domain/errors';
import { applyLang } from '../prefs/boot-hint';
import idAssets from '../../locales/id/assets.json';
import idCommon from '../../locales/id/common.json';
import idErrors from '../../locales/id/errors.json';
import idHome from '../../locales/id/home.json';
import idMarket from '../../locales/id/market.json';
import idMine from '../../locales/id/mine.json';
import idTrade from '../../locales/id/trade.json';

/** The namespaces every language provides (locales/<lang>/<ns>.json). */
export const NAMESPACES = ['common', 'home', 'mine', 'errors', 'market', 'trade', 'assets'] as const;

/** The default language ships inside the shell, so a first launch renders without a second request. */
export const bundled = {
  common: idCommon,
  errors: idErrors,
  home: idHome,
  mine: idMine,
  market: idMarket,
  trade: idTrade,
  assets: idAssets,
} as const;

type Bundle = { default: Record<string, unknown> };
// Every other language is a lazily loaded chunk per namespace; the service worker precaches them
// all, so switching language works offline too.
const lazyBundles = import.meta.glob<Bundle>(['../../locales/*/*.json', '!../../locales/id/*.json']);

const backend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyBundles[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No bundle ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), true),
    );
  },
};

/** Starts i18next in `lang`; resolves once that language's bundles are loaded. */
export async function initI18n(lang: Lang): Promise<void> {
  i18next.on('languageChanged', (lng) => {
    if ((LANGS as readonly string[]).includes(lng)) applyLang(lng as Lang);
  });
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: [...LANGS],
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: { [DEFAULT_LANG]: bundled },
      // Bundled `id` plus lazily loaded others.
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  applyLang(lang);
}

/** Switches the UI language; resolves when the new bundles are in. */
export async function changeLanguage(lang: Lang): Promise<void> {
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
}

/** The text of a message key in the current language (locales/<lang>/errors.json). */
export function errorMessage(key: ErrorKey): string {
  return i18next.t(`errors:${key}`);
}

export { i18next };
