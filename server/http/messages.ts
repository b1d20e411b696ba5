import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANG, LANGS, langFromHeader, type ErrorKey, type Lang } from '../../domain';

/**
 * Localised message texts, loaded once at start from `locales/<lang>/errors.json` and
 * `ops-errors.json` (the operators' messages: kept apart so the app's build, which bundles every
 * other namespace, carries no console text to a user's phone).
 */
export interface MessageCatalog {
  /** The text of `key` in `lang`, else in English, else the key itself. */
  text(lang: Lang, key: ErrorKey): string;
  /** Languages whose file was found and parsed. */
  readonly loaded: readonly Lang[];
}

/** The language to answer in: the `lang` header, else Accept-Language, else the product default. */
export function pickLang(headers: Record<string, string | string[] | undefined>): Lang {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  // Only the first Accept-Language entry counts, without its quality parameter.
  const accept = one(headers['accept-language'])?.split(';')[0];
  return langFromHeader(one(headers.lang)) ?? langFromHeader(accept) ?? DEFAULT_LANG;
}

/** Adds the string leaves of `node` to `out` under dotted keys (`outbox.message`). */
function flatten(node: Record<string, unknown>, prefix: string, out: Map<string, string>): void {
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === 'string' && v !== '') out.set(prefix + k, v);
    else if (typeof v === 'object' && v !== null && !Array.isArray(v))
      flatten(v as Record<string, unknown>, `${prefix}${k}.`, out);
  }
}

function readTexts(file: string, warn: (msg: string) => void): Map<string, string> | null {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not an object');
    const out = new Map<string, string>();
    flatten(parsed as Record<string, unknown>, '', out);
    return out;
  } catch (err) {
    warn(`ignoring ${file}: ${(err as Error).message}`);
    return null;
  }
}

/** `locales/<lang>/<ns>.json` of every language whose file was found and parsed. */
function readNamespace(
  localesDir: string,
  ns: string,
  warn: (msg: string) => void,
): Map<Lang, Map<string, string>> {
  const byLang = new Map<Lang, Map<string, string>>();
  for (const lang of LANGS) {
    const texts = readTexts(path.join(localesDir, lang, `${ns}.json`), warn);
    if (texts) byLang.set(lang, texts);
  }
  return byLang;
}

/**
 * Loads every language's `errors.json` under `localesDir`. A missing or broken file is not fatal:
 * lookups fall back to English and then to the key, so the API keeps answering.
 */
export function loadMessages(localesDir: string, warn: (msg: string) => void = () => {}): MessageCatalog {
  const byLang = readNamespace(localesDir, 'errors', warn);
  for (const [lang, texts] of readNamespace(localesDir, 'ops-errors', warn)) {
    const all = byLang.get(lang) ?? new Map<string, string>();
    for (const [key, text] of texts) all.set(key, text);
    byLang.set(lang, all);
  }
  return {
    loaded: [...byLang.keys()],
    text(lang, key) {
      return byLang.get(lang)?.get(key) ?? byLang.get('en')?.get(key) ?? key;
    },
  };
}

/** Texts of one namespace the server writes itself (not errors), such as a code message. */
export interface TextCatalog {
  /**
   * The text of `key` (dotted for nested keys) in `lang`, else in English, else the key itself,
   * with each `{{name}}` replaced by its value, as the app's texts do.
   */
  text(lang: Lang, key: string, values?: Readonly<Record<string, string | number>>): string;
}

/**
 * Loads `locales/<lang>/<ns>.json` of every language under `localesDir`, the same files the app
 * shows, so a text the server writes for the user (the outbox's code message) is in the user's
 * language and translated where the app's texts are. Missing or broken files fall back like
 * `loadMessages`.
 */
export function loadTexts(
  localesDir: string,
  ns: string,
  warn: (msg: string) => void = () => {},
): TextCatalog {
  const byLang = readNamespace(localesDir, ns, warn);
  return {
    text(lang, key, values = {}) {
      const t = byLang.get(lang)?.get(key) ?? byLang.get('en')?.get(key) ?? key;
      return t.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
        name in values ? String(values[name]) : m,
      );
    },
  };
}
