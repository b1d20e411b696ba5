import { DEFAULT_LANG } from '../../domain/locale';
import type { Lang } from '../../domain/locale';
import type { ErrorKey } from '../../domain/errors';
import { applyLang } from '../prefs/boot-hint';
import {
  configureTexts,
  hasText,
  loadTexts,
  setTextLanguage,
  translate,
  type TextTree,
  type TextValues,
} from './texts';
import type idAssets from '../../locales/id/assets.json';
import type idContent from '../../locales/id/content.json';
import idCommon from '../../locales/id/common.json';
import type idErrors from '../../locales/id/errors.json';
import idHome from '../../locales/id/home.json';
import type idIdentity from '../../locales/id/identity.json';
import type idMarket from '../../locales/id/market.json';
import type idMine from '../../locales/id/mine.json';
import type idTrade from '../../locales/id/trade.json';
import type idLever from '../../locales/id/lever.json';
import type idSecond from '../../locales/id/second.json';
import type idSell from '../../locales/id/sell.json';
import type idLegal from '../../locales/id/legal.json';
import type idIeo from '../../locales/id/ieo.json';
import type idLockming from '../../locales/id/lockming.json';

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
  'identity',
  'sell',
  'ieo',
  'lockming',
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
  identity: typeof idIdentity;
  sell: typeof idSell;
  ieo: typeof idIeo;
  lockming: typeof idLockming;
}

// Every other namespace and language is a lazily loaded chunk (src/i18n/locale-bundles.ts). The
// map of ~100 file names is part of the shell (vite.config.ts: the landing pages with texts of their
// own need it at once); imported on demand all the same, so the bundler may place it elsewhere.
async function loadBundle(lang: Lang, ns: string): Promise<TextTree> {
  const { LAZY_BUNDLES } = await import('./locale-bundles');
  const load = LAZY_BUNDLES[`../../locales/${lang}/${ns}.json`];
  if (!load) throw new RangeError(`No bundle ${lang}/${ns}`);
  return (await load()).default as TextTree;
}

/** Starts the texts in `lang`; resolves once that language's shell namespaces are loaded. */
export async function initI18n(lang: Lang): Promise<void> {
  configureTexts(loadBundle, { [DEFAULT_LANG]: bundledTexts as unknown as Record<string, TextTree> });
  await loadTexts(SHELL_NAMESPACES, DEFAULT_LANG);
  await setTextLanguage(lang);
  applyLang(lang);
}

/** Switches the UI language; resolves when the new bundles are in (i18next's changeLanguage comes after). */
export async function changeLanguage(lang: Lang): Promise<void> {
  await setTextLanguage(lang);
  applyLang(lang);
}

/** Loads namespaces of the current language (cached after the first time); never rejects. */
export function loadNamespaces(ns: readonly Namespace[]): Promise<void> {
  return loadTexts(ns).catch((e: unknown) => console.error('texts failed to load', e));
}

/** The text of a message key in the current language (locales/<lang>/errors.json). */
export function errorMessage(key: ErrorKey, values?: TextValues): string {
  return translate(`errors:${key}`, values);
}

export { hasText, translate };
