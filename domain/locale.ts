/** Language codes of the product (spec §1). */
export const LANGS = ['zh', 'en', 'jp', 'hk', 'vi', 'hi', 'id', 'kor'] as const;
/** One of the product's language codes. */
export type Lang = (typeof LANGS)[number];
/** Language on first launch (spec §1). */
export const DEFAULT_LANG: Lang = 'id';

/** The product's codes mapped to BCP-47 tags for Intl number and date formatting and `<html lang>`. */
export const BCP47: Readonly<Record<Lang, string>> = {
  zh: 'zh-CN',
  en: 'en',
  jp: 'ja',
  hk: 'zh-HK',
  vi: 'vi',
  hi: 'hi',
  id: 'id',
  kor: 'ko',
};

/** Each language's own name, for the language picker. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = {
  zh: '简体中文',
  en: 'English',
  jp: '日本語',
  hk: '繁體中文',
  vi: 'Tiếng Việt',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  kor: '한국어',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Picks a product language from a header value such as `lang: en` or `Accept-Language: ko-KR`. */
export function langFromHeader(value: string | undefined | null): Lang | undefined {
  if (!value) return undefined;
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  if (isLang(first)) return first;
  const entry = Object.entries(BCP47).find(([, tag]) => tag.toLowerCase() === first);
  if (entry) return entry[0] as Lang;
  const base = first.split('-')[0];
  const byBase = Object.entries(BCP47).find(([, tag]) => tag.toLowerCase() === base);
  return byBase ? (byBase[0] as Lang) : undefined;
}

/** The two themes (spec §1); dark is the default. */
export const THEMES = ['dark', 'light'] as const;
/** A colour theme. */
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}
