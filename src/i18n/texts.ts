import { createInstance } from 'i18next';
import { BCP47, DEFAULT_LANG } from '../../domain/locale';
import type { Lang } from '../../domain/locale';

// The app's texts run on i18next. What kept the first load fast stays: the shell's texts are added
// as resources when the app starts, every other namespace and language arrives as a lazy chunk
// (`BundleLoader`) and is added with addResourceBundle, and a language switch calls changeLanguage
// only once every namespace already shown is in. Key sets are identical in every language but for
// plural forms (tests/unit/ui/locales.test.ts), so there is no fallback language: a missing text
// shows its key's path, never another language.

/** A namespace's texts: nested objects of strings. */
export interface TextTree {
  [key: string]: string | TextTree;
}

/** Loads one namespace of one language (a lazy chunk). */
export type BundleLoader = (lang: Lang, ns: string) => Promise<TextTree>;

/** Values for `{{name}}` placeholders; a numeric `count` also picks the plural form (`key_one`, `key_other`). */
export type TextValues = Record<string, string | number>;

/**
 * i18next's language is the BCP-47 tag, not the product's code: it picks plural forms with
 * `Intl.PluralRules(language)`, which reads `jp`, `kor` or `hk` as unknown languages and answers
 * with the browser's own rules (English: "1 日" would look for a `_one` form Japanese has not).
 */
const tagOf = (lang: Lang): string => BCP47[lang];

const engine = createInstance();
void engine.init({
  // Synchronous: resources come from our own loader, never from a backend.
  initAsync: false,
  lng: tagOf(DEFAULT_LANG),
  fallbackLng: false,
  // Exactly the language asked for: `zh-HK` must not borrow from a `zh` that does not exist.
  load: 'currentOnly',
  ns: [],
  defaultNS: 'common',
  resources: {},
  // React escapes what it renders; escaping here would show `&amp;` in texts.
  interpolation: { escapeValue: false },
  // A key naming a group of texts shows its path, as a missing key does.
  returnedObjectHandler: (key: string) => key,
});

const inFlight = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let current: Lang = DEFAULT_LANG;
/** The language last asked for: a slower earlier switch must not win over it. */
let wanted: Lang = DEFAULT_LANG;
let loader: BundleLoader = () => Promise.reject(new Error('texts: no loader configured'));

/**
 * Texts already looked up, by namespaces, key and values: i18next's `t` copies its options several
 * times per call, and a first render asks for hundreds of texts (134 ms of the trade page's first
 * load at Lighthouse's 4× CPU slowdown went to it, most of its blocking time). Emptied when texts
 * arrive or the language changes, the only events that change an answer.
 */
const looked = new Map<string, string>();
/** Most entries `looked` keeps before it starts over (texts with changing values, such as prices). */
const LOOKED_MAX = 4_000;

const emit = () => listeners.forEach((l) => l());
// Arriving texts re-render the components that wait for them (the language is emitted by
// setTextLanguage, once `current` names it).
engine.store.on('added', () => {
  looked.clear();
  emit();
});
/** i18next's `t`, untyped: the keys are typed where pages call it (src/i18n/i18next.d.ts). */
const t = engine.t.bind(engine) as unknown as (key: string, options: Record<string, unknown>) => string;

/** Sets where bundles come from and the bundles built into the shell (per language). */
export function configureTexts(
  load: BundleLoader,
  bundled: Partial<Record<Lang, Record<string, TextTree>>>,
): void {
  loader = load;
  for (const [lang, namespaces] of Object.entries(bundled) as [Lang, Record<string, TextTree>][]) {
    for (const [ns, tree] of Object.entries(namespaces)) {
      engine.addResourceBundle(tagOf(lang), ns, tree, false, true);
    }
  }
}

/** The language texts are shown in. */
export function textLanguage(): Lang {
  return current;
}

/** Called after the language changed or texts arrived; returns a remover. */
export function onTextsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether `ns` of the current language (or of `lang`) is loaded. */
export function hasNamespace(ns: string, lang: Lang = current): boolean {
  return engine.hasResourceBundle(tagOf(lang), ns);
}

/** Loads namespaces of `lang` (each once; a failed load may be retried later). Rejects on failure. */
export async function loadTexts(namespaces: readonly string[], lang: Lang = current): Promise<void> {
  await Promise.all(
    namespaces.map((ns) => {
      if (hasNamespace(ns, lang)) return undefined;
      const key = `${lang}/${ns}`;
      let p = inFlight.get(key);
      if (!p) {
        p = loader(lang, ns)
          .then((tree) => {
            engine.addResourceBundle(tagOf(lang), ns, tree, false, true);
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, p);
      }
      return p;
    }),
  );
}

/**
 * Switches the language once every namespace already shown is loaded in it, so a page never shows
 * key paths between the two. Of two quick switches the last one asked for wins.
 */
export async function setTextLanguage(lang: Lang): Promise<void> {
  wanted = lang;
  if (lang === current) return;
  const shown = Object.keys(engine.store.data[tagOf(current)] ?? {});
  await loadTexts(shown, lang);
  if (wanted !== lang) return;
  await engine.changeLanguage(tagOf(lang));
  current = lang;
  looked.clear();
  emit();
}

/**
 * A text without placeholders read straight from i18next's store, or null when `t` must answer (a
 * placeholder, a nested `$t(…)`, a group, a missing key). For such a text `t` gives the stored
 * string as it is, after copying its options a dozen times: as many lookups as a first render
 * makes cost a phone a long task. `ns:path` names its namespace (i18next's separators, `:` and
 * `.`), a bare path is looked up in `namespaces` in order, as `t` does.
 */
function plainText(key: string, namespaces: readonly string[]): string | null {
  const colon = key.indexOf(':');
  const tag = tagOf(current);
  const lookup = (ns: string, path: string): string | null => {
    const raw: unknown = engine.getResource(tag, ns, path);
    return typeof raw === 'string' && !raw.includes('{{') && !raw.includes('$t(') ? raw : null;
  };
  if (colon > 0) return lookup(key.slice(0, colon), key.slice(colon + 1));
  for (const ns of namespaces) {
    const raw: unknown = engine.getResource(tag, ns, key);
    // The first namespace holding the key answers, as in `t`; a placeholder leaves it to `t`.
    if (raw !== undefined) return typeof raw === 'string' ? lookup(ns, key) : null;
  }
  return null;
}

/**
 * The text of `key` in the current language: `ns:path` names its namespace, a bare path is looked
 * up in `namespaces` in order. A numeric `count` among the values picks the language's plural form.
 * An unknown key (or one whose texts have not arrived) gives the key's path, so a page never shows
 * nothing.
 */
export function translate(
  key: string,
  values?: TextValues,
  namespaces: readonly string[] = ['common'],
): string {
  if (!values) {
    const plain = plainText(key, namespaces);
    if (plain !== null) return plain;
  }
  let id = `${namespaces.join('|')}\u0000${key}`;
  if (values) for (const k in values) id += `\u0000${k}\u0001${typeof values[k]}${values[k]}`;
  const known = looked.get(id);
  if (known !== undefined) return known;
  const count = values?.count;
  // Values go in `replace`, so a placeholder named like an i18next option (`ns`, `lng`,
  // `context`, `defaultValue`) stays a placeholder.
  const text = t(key, {
    ns: namespaces,
    ...(values && { replace: values }),
    ...(typeof count === 'number' && { count }),
  });
  if (looked.size >= LOOKED_MAX) looked.clear();
  looked.set(id, text);
  return text;
}

/** Whether `key` (`ns:path` or a `common` path) has a text in the current language. */
export function hasText(key: string): boolean {
  const colon = key.indexOf(':');
  const ns = colon > 0 ? key.slice(0, colon) : 'common';
  const path = colon > 0 ? key.slice(colon + 1) : key;
  return typeof engine.getResource(tagOf(current), ns, path) === 'string';
}
