// The console's language and theme: kept in this browser's localStorage (they are no secret), put
// on <html> before the first render so the wrong theme never flashes.
import { BCP47, DEFAULT_THEME, LANGS, isLang, isTheme, type Lang, type Theme } from '../../../domain/locale';

const LANG_KEY = 'ops.lang';
const THEME_KEY = 'ops.theme';

/** Operators work in English unless they pick another language or their browser asks for one. */
function browserLang(): Lang {
  for (const tag of navigator.languages ?? []) {
    const lower = tag.toLowerCase();
    const hit = LANGS.find((l) => BCP47[l].toLowerCase() === lower || l === lower);
    if (hit) return hit;
  }
  return 'en';
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** The language to start in. */
export function savedLang(): Lang {
  const v = read(LANG_KEY);
  return isLang(v) ? v : browserLang();
}

/** The theme to start in. */
export function savedTheme(): Theme {
  const v = read(THEME_KEY);
  return isTheme(v) ? v : DEFAULT_THEME;
}

/** Shows `theme` and keeps it. */
export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  write(THEME_KEY, theme);
}

/** Marks the page's language and keeps it. */
export function applyLang(lang: Lang): void {
  document.documentElement.lang = BCP47[lang];
  write(LANG_KEY, lang);
}

const themeListeners = new Set<(theme: Theme) => void>();

/** Switches the theme, keeps it, and tells who listens (the toasts). */
export function switchTheme(theme: Theme): void {
  applyTheme(theme);
  for (const l of themeListeners) l(theme);
}

/** Hears theme switches; returns the unsubscribe. */
export function onTheme(listener: (theme: Theme) => void): () => void {
  themeListeners.add(listener);
  return () => themeListeners.delete(listener);
}
