import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { Lang } from '../../../domain/locale';
import type { CoinInfo } from '../../../domain/market';
import { publishCatalogCoins } from '../../../src/core/catalog-coins';
import type { CoreRemote } from '../../../src/core/core-client';
import { CoreContext, PrefsContext, UserContext } from '../../../src/core/contexts';
import { configureTexts, loadTexts, setTextLanguage, type TextTree } from '../../../src/i18n/texts';

// Renders a card or dialog of a page to HTML in Node (react-dom/server, no DOM): what it shows on its
// first render, with the app's real texts and a catalog whose display decimals differ from every
// page's old fixed decimals, so a number written at fixed decimals shows up as wrong. Effects do not
// run: nothing is asked of the worker core.

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');

/**
 * Catalog coins for the tests: display decimals that no page hard-codes (USDT 3, not the 2 of the
 * options' stake decimals or of a fixed PnL; BTC 5, not the 8 of a raw ledger value).
 */
export const TEST_COINS: readonly CoinInfo[] = [
  { symbol: 'USDT', name: 'Tether USD', decimals: 8, displayDecimals: 3 },
  { symbol: 'BTC', name: 'Bitcoin', decimals: 8, displayDecimals: 5 },
];

/** Loads the real texts of `namespaces` in `lang` and publishes TEST_COINS as the catalog's coins. */
export async function prepare(lang: Lang, namespaces: readonly string[]): Promise<void> {
  configureTexts(
    (l, ns) =>
      Promise.resolve(JSON.parse(fs.readFileSync(path.join(LOCALES, l, `${ns}.json`), 'utf8')) as TextTree),
    {},
  );
  await loadTexts(namespaces, lang);
  await setTextLanguage(lang);
  publishCatalogCoins(TEST_COINS);
}

/** The HTML of `element` as a page in `lang` renders it, signed in, inside a router. */
export function renderCard(element: ReactElement, lang: Lang = 'en'): string {
  const core = {
    core: {} as CoreRemote,
    ready: true,
    knownSignedOut: false,
    settings: null,
    refreshSettings: () => Promise.resolve(),
  };
  const prefs = { lang, theme: 'dark' as const, updatePrefs: () => Promise.resolve() };
  const user = { user: null, setUser: () => undefined };
  return renderToStaticMarkup(
    createElement(
      CoreContext.Provider,
      { value: core },
      createElement(
        PrefsContext.Provider,
        { value: prefs },
        createElement(UserContext.Provider, { value: user }, createElement(MemoryRouter, null, element)),
      ),
    ),
  );
}

/** The text of HTML: tags dropped, the entities react-dom writes decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of the element marked `data-testid="<id>"` (its first one), or null when there is none. */
export function testIdText(html: string, id: string): string | null {
  const at = html.indexOf(`data-testid="${id}"`);
  if (at < 0) return null;
  const open = html.lastIndexOf('<', at);
  const name = /^<([a-z0-9]+)/i.exec(html.slice(open))?.[1];
  if (!name) return null;
  // Walks to the matching closing tag, counting nested elements of the same name.
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, 'gi');
  tags.lastIndex = open;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return textOf(html.slice(open, m.index + m[0].length));
  }
  return null;
}
