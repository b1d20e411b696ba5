import i18next from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { DEFAULT_LANG, LANGS } from '../../domain/locale';
import type { Lang } from '../../domain/locale';
import type { ErrorKey } from '../../domain/errors';
import { applyLang } from '../prefs/boot-hint';
import type idAssets from '../../locales/id/assets.json';
import type idContent from '../../locales/id/content.json';
import idCommon from '../../locales/id/common.json';
import type idErrors from '../../locales/id/errors.json';
import idHome from '../../locales/id/home.json';
import type idMarket from '../../locales/id/market.json';
import type idMine from '../../locales/id/mine.json';
import type idTrade from '../../locales/id/trade.json';
import type idLever from '../../locales/id/lever.json';
import type idSecond from '../../locales/id/second.json';
import type idLegal from '../../locales/id/legal.json';

/** The namespaces every language provides (locales/<lang>/<ns>.json). */
export const NAMESPACES = [
  'common',
  'home',
  'mine',
  'errors',
  'market',
  'trade',
  'assets',
  'lever',
  'content',
  'second',
  'legal',
] as const;

/**
 * The namespaces the shell and the home page render with; every page needs them. Message texts
 * (`errors`) follow right after the first load (toasts wait for them).
 */
export const SHELL_NAMESPACES = ['common', 'home'] as const;
/** A namespace of NAMESPACES. */
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The default language's shell namespaces ship inside the shell, so a first launch renders home
 * without a second request; every other namespace (and language) is a lazy chunk loaded with the
 * page that needs it (`AsyncPage`), keeping the first load small.
 */
const bundledTexts = { common: idCommon, home: idHome } as const;

/** The texts' shapes for typed keys (types only: nothing here is bundled). */
export interface Texts {
  common: typeof idCommon;
  errors: typeof idErrors;
  home: typeof idHome;
  mine: typeof idMine;
  market: typeof idMarket;
  trade: typeof idTrade;
  assets: typeof idAssets;
  lever: typeof idLever;
  content: typeof idContent;
  second: typeof idSecond;
  legal: typeof idLegal;
}

// Every other namespace and language is a lazily loaded chunk (src/i18n/locale-bundles.ts, itself
// loaded on first use: its map of 100 file names would otherwise weigh on the first load).
const lazyBundles = () => import('./locale-bundles').then((m) => m.LAZY_BUNDLES);

const backend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    lazyBundles()
      .then((bundles) => {
        const load = bundles[`../../locales/${language}/${namespace}.json`];
        if (!load) throw new RangeError(`No bundle ${language}/${namespace}`);
        return load();
      })
      .then(
        (m) => callback(null, m.default),
        // A missing bundle is final; a failed download may be retried.
        (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), !(e instanceof RangeError)),
      );
  },
};

/** Starts i18next in `lang`; resolves once that language's bundles are loaded. */
export async function initI18n(lang: Lang): Promise<void> {
  i18next.on('languageChanged', (lng) => {
    if ((LANGS as readonly string[]).includes(lng)) applyLang(lng as Lang);
  });
  await i18next.use(backend).init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    load: 'currentOnly',
    ns: [...SHELL_NAMESPACES],
    defaultNS: 'common',
    resources: { [DEFAULT_LANG]: bundledTexts },
    // Bundled `id` plus lazily loaded others.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  applyLang(lang);
}

/** Switches the UI language; resolves when the new bundles are in. */
export async function changeLanguage(lang: Lang): Promise<void> {
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
}

/** Loads namespaces of the current language (cached after the first time); never rejects. */
export function loadNamespaces(ns: readonly Namespace[]): Promise<void> {
  return i18next.loadNamespaces([...ns]).catch((e: unknown) => console.error('texts failed to load', e));
}

/** The text of a message key in the current language (locales/<lang>/errors.json). */
export function errorMessage(key: ErrorKey): string {
  return i18next.t(`errors:${key}`);
}

export { i18next };
