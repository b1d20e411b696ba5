import { DEFAULT_LANG } from '../../domain/locale';
import type { Lang } from '../../domain/locale';

// The app's translation engine. i18next did this with 15.6 KiB gzip in the first load (plurals,
// contexts, formatters, backends, fallbacks the app never used): the app needs nested keys, a
// `ns:` prefix, `{{name}}` values, namespaces loaded on demand and a language switch. Key sets are
// identical in every language (tests/unit/ui/locales.test.ts), so there is no fallback language.

/** A namespace's texts: nested objects of strings. */
export interface TextTree {
  [key: string]: string | TextTree;
}

/** Loads one namespace of one language (a lazy chunk). */
export type BundleLoader = (lang: Lang, ns: string) => Promise<TextTree>;

/** Values for `{{name}}` placeholders. */
export type TextValues = Record<string, string | number>;

const trees = new Map<string, TextTree>();
const inFlight = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let current: Lang = DEFAULT_LANG;
let loader: BundleLoader = () => Promise.reject(new Error('texts: no loader configured'));

const slot = (lang: Lang, ns: string) => `${lang}/${ns}`;
const emit = () => listeners.forEach((l) => l());

/** Sets where bundles come from and the bundles built into the shell (per language). */
export function configureTexts(
  load: BundleLoader,
  bundled: Partial<Record<Lang, Record<string, TextTree>>>,
): void {
  loader = load;
  for (const [lang, namespaces] of Object.entries(bundled) as [Lang, Record<string, TextTree>][]) {
    for (const [ns, tree] of Object.entries(namespaces)) trees.set(slot(lang, ns), tree);
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

/** Whether `ns` of the current language is loaded. */
export function hasNamespace(ns: string, lang: Lang = current): boolean {
  return trees.has(slot(lang, ns));
}

/** Loads namespaces of `lang` (each once; a failed load may be retried later). Rejects on failure. */
export async function loadTexts(namespaces: readonly string[], lang: Lang = current): Promise<void> {
  await Promise.all(
    namespaces.map((ns) => {
      const key = slot(lang, ns);
      if (trees.has(key)) return undefined;
      let p = inFlight.get(key);
      if (!p) {
        p = loader(lang, ns)
          .then((tree) => {
            trees.set(key, tree);
            emit();
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, p);
      }
      return p;
    }),
  );
}

/** Switches the language once every namespace already shown is loaded in it. */
export async function setTextLanguage(lang: Lang): Promise<void> {
  if (lang === current) return;
  const shown = [...trees.keys()]
    .filter((k) => k.startsWith(`${current}/`))
    .map((k) => k.slice(current.length + 1));
  await loadTexts(shown, lang);
  current = lang;
  emit();
}

function lookup(tree: TextTree | undefined, path: string): string | undefined {
  let node: string | TextTree | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function fill(text: string, values: TextValues | undefined): string {
  if (!values) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * The text of `key` in the current language: `ns:path` names its namespace, a bare path is looked
 * up in `namespaces` in order. An unknown key (or one whose texts have not arrived) gives the key's
 * path, as i18next did, so a page never shows nothing.
 */
export function translate(
  key: string,
  values?: TextValues,
  namespaces: readonly string[] = ['common'],
): string {
  const colon = key.indexOf(':');
  const path = colon > 0 ? key.slice(colon + 1) : key;
  const list = colon > 0 ? [key.slice(0, colon)] : namespaces;
  for (const ns of list) {
    const text = lookup(trees.get(slot(current, ns)), path);
    if (text !== undefined) return fill(text, values);
  }
  return path;
}

/** Whether `key` (`ns:path` or a `common` path) has a text in the current language. */
export function hasText(key: string): boolean {
  const colon = key.indexOf(':');
  const ns = colon > 0 ? key.slice(0, colon) : 'common';
  return lookup(trees.get(slot(current, ns)), colon > 0 ? key.slice(colon + 1) : key) !== undefined;
}
