import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANG, LANGS, langFromHeader, type ErrorKey, type Lang } from '../../domain';

/** Localised message texts, loaded once at start from `locales/<lang>/errors.json`. */
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
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string' && v !== '') out.set(k, v);
    return out;
  } catch (err) {
    warn(`ignoring ${file}: ${(err as Error).message}`);
    return null;
  }
}

/**
 * Loads every language's `errors.json` under `localesDir`. A missing or broken file is not fatal:
 * lookups fall back to English and then to the key, so the API keeps answering.
 */
export function loadMessages(localesDir: string, warn: (msg: string) => void = () => {}): MessageCatalog {
  const byLang = new Map<Lang, Map<string, string>>();
  for (const lang of LANGS) {
    const texts = readTexts(path.join(localesDir, lang, 'errors.json'), warn);
    if (texts) byLang.set(lang, texts);
  }
  return {
    loaded: [...byLang.keys()],
    text(lang, key) {
      return byLang.get(lang)?.get(key) ?? byLang.get('en')?.get(key) ?? key;
    },
  };
}
