// The set-up every e2e file shares: the browser, the server beside it, logging in, switching the
// language and theme as a person would, and screenshots kept on request. Benches use the browser part.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { SessionGrant } from '../../domain';
import { BCP47, type Lang, type Theme } from '../../domain/locale';
import { TEST_PASSWORD } from './accounts';
import { startTestServer, type TestServer } from './server';

/** Debian's Chromium, as in CI (.ci/run installs it). */
export const CHROMIUM = '/usr/bin/chromium';

/** Flags for a quiet, headless, sandbox-less Chromium that makes no calls of its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A phone: 390×844 CSS pixels, touch, mobile viewport. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/** Starts a browser for fresh contexts. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A context that keeps its profile (IndexedDB, localStorage, service worker) in `userDataDir`. */
export function launchPersistent(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    ...PHONE,
  });
}

/** A fresh temporary profile directory; remove it with `fs.rmSync(dir, { recursive: true })`. */
export function tempProfile(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-e2e-profile-'));
}

/** The app URL of a hash route. */
export function appUrl(origin: string, route = '/pages/home/home'): string {
  return `${origin}/h5/#${route}`;
}

/** Opens a route and waits until the page's own content (not only the shell) rendered. */
export async function open(page: Page, origin: string, route: string, ready = '.screen'): Promise<void> {
  await page.goto(appUrl(origin, route));
  await page.waitForSelector(ready);
}

/** Collects uncaught page errors so a test can assert there were none. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Waits until a service worker controls the page (reloading once after the first install). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}

/** A unique e-mail address for one test run. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A server and a browser for one `describe`: read them inside tests and hooks, not at collection. */
export interface E2eSuite<S> {
  readonly server: S;
  readonly browser: Browser;
}

/**
 * Starts a server (`startTestServer()` unless `start` brings another) and a browser before the
 * suite's tests, and closes both after them.
 */
export function serverAndBrowser(): E2eSuite<TestServer>;
export function serverAndBrowser<S extends { close(): Promise<void> }>(start: () => Promise<S>): E2eSuite<S>;
export function serverAndBrowser<S extends { close(): Promise<void> }>(
  start: () => Promise<S> = startTestServer as unknown as () => Promise<S>,
): E2eSuite<S> {
  let server: S | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([start(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
  };
}

/** The account the demo server seeds; it logs in by e-mail. */
export const DEMO = { email: 'demo@example.com', password: 'Demo1234' } as const;

/**
 * Who logs in: an e-mail account (the demo one unless told), or a phone account by its number or
 * its grant, with the password `registerUser` gives (TEST_PASSWORD).
 */
export type LoginAs = { readonly email: string; readonly password: string } | SessionGrant | string;

/** Logs in through the login page, as a person would, and waits for the "mine" page. */
export async function login(page: Page, origin: string, who: LoginAs = DEMO): Promise<void> {
  await open(page, origin, '/pages/mine/login', 'form');
  if (typeof who === 'object' && 'email' in who) {
    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.fill('input[type=email]', who.email);
    await page.fill('input[autocomplete="current-password"]', who.password);
  } else {
    await page.fill('input[type=tel]', typeof who === 'string' ? who : who.user.account);
    await page.fill('input[autocomplete="current-password"]', TEST_PASSWORD);
  }
  await page.click('button[type=submit]');
  await page.waitForURL(/#\/pages\/mine\/index$/);
}

const LANGUAGE_ROW = '[data-testid="language-row"]';

/**
 * Sets the language and/or theme in the security centre, as a person would, and waits until the
 * page shows them (`<html lang>` and the boot hint, `data-theme`).
 */
export async function setPrefs(
  page: Page,
  origin: string,
  prefs: { lang?: Lang; theme?: Theme },
): Promise<void> {
  await open(page, origin, '/pages/mine/security', LANGUAGE_ROW);
  const { lang, theme } = prefs;
  if (lang) {
    await page.click(LANGUAGE_ROW);
    await page.click(`[data-testid="lang-${lang}"]`);
    await page.waitForFunction(
      ([l, tag]) => localStorage.getItem('lang') === l && document.documentElement.lang === tag,
      [lang, BCP47[lang]] as const,
    );
  }
  if (theme) {
    const now = await page.evaluate(() => document.documentElement.dataset.theme);
    if (now !== theme) await page.click('[data-testid="theme-switch"]');
    await page.waitForFunction((th) => document.documentElement.dataset.theme === th, theme);
  }
}

/** Switches the UI language in the security centre, as a person would. */
export function setLang(page: Page, origin: string, lang: Lang): Promise<void> {
  return setPrefs(page, origin, { lang });
}

/**
 * Keeps a screenshot as `<dir>/<name>.png` when `dir` is set (from an environment variable such as
 * LEVER_SHOTS); does nothing otherwise. `settleMs` lets a dialog's fade-in end first.
 */
export async function shot(
  page: Page,
  dir: string | undefined,
  name: string,
  options: { fullPage?: boolean; settleMs?: number } = {},
): Promise<void> {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  if (options.settleMs) await page.waitForTimeout(options.settleMs);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false });
}

/** The trimmed text of the first element matching `selector` ('' when it has none). */
export async function text(page: Page, selector: string): Promise<string> {
  return ((await page.textContent(selector)) ?? '').trim();
}

/**
 * Opens `route` as a fresh document (through about:blank) and waits for `ready`; when it does not
 * come, the error says what the page showed and how many spinners it had.
 */
export async function reloadAt(page: Page, origin: string, route: string, ready: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(appUrl(origin, route));
  try {
    await page.waitForSelector(ready, { timeout: 15_000 });
  } catch (e) {
    const body = await page.evaluate(() => document.body.innerText.slice(0, 400)).catch(() => '?');
    const spinners = await page.locator('.spinner').count();
    throw new Error(`${route}: no ${ready} (${spinners} spinners)\npage text: ${body}\n${String(e)}`);
  }
}
