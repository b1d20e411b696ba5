import { BCP47, DEFAULT_LANG, DEFAULT_THEME, isLang, isTheme } from '../../domain/locale';
import type { Lang, Theme } from '../../domain/locale';

/** The browser-chrome colour per theme; equal to `--bg` in styles/tokens.css. */
export const THEME_COLORS: Readonly<Record<Theme, string>> = { dark: '#0b0e17', light: '#f5f7fb' };

/** What index.html reads before the first paint. */
export interface BootHint {
  lang: Lang;
  theme: Theme;
}

/**
 * Reads the boot hint that index.html also reads. IndexedDB (worker) holds the truth; this copy
 * only exists so the first paint has the right theme and language before the worker answers.
 */
export function readBootHint(): BootHint {
  try {
    const lang = localStorage.getItem('lang');
    const theme = localStorage.getItem('theme');
    return { lang: isLang(lang) ? lang : DEFAULT_LANG, theme: isTheme(theme) ? theme : DEFAULT_THEME };
  } catch {
    return { lang: DEFAULT_LANG, theme: DEFAULT_THEME };
  }
}

/** Writes the hint whenever preferences change. */
export function writeBootHint(hint: BootHint): void {
  try {
    localStorage.setItem('lang', hint.lang);
    localStorage.setItem('theme', hint.theme);
  } catch {
    // Private mode or a full quota: the worker still persists prefs; only the first paint may differ.
  }
}

/** Applies a theme to the document and the browser chrome. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

/** Sets `<html lang>` to the language's BCP-47 tag, so screen readers and hyphenation follow it. */
export function applyLang(lang: Lang): void {
  document.documentElement.lang = BCP47[lang];
}
