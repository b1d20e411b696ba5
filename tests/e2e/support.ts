import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

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
