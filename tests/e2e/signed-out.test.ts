// Issue 29: signed out, every page of the route table says one thing, "sign in to use this page",
// or works without an account. None may tell someone who never signed in that their session expired
// (recordlist and collect_money did), and a missing record is a not-found state, not a network one,
// whose toast (if any) stays with the page that raised it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTES } from '../../src/routes/route-table';
import { startTestServer } from '../support/server';
import { localeText } from './funding-support';
import { PHONE, appUrl, open, serverAndBrowser } from '../support/e2e';

/** Records the text of every toast the page shows, with the route it showed on. */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toasts: string[] }).toasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-sonner-toast]')) {
        const line = `${location.hash} ${el.textContent ?? ''}`;
        if (!seen.includes(line)) seen.push(line);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const toastsOf = (page: Page) => page.evaluate(() => (window as unknown as { toasts: string[] }).toasts);

describe('signed out (issue 29)', () => {
  const env = serverAndBrowser(() => startTestServer({ simMarket: false }));

  it('no page of the route table says a session expired', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await recordToasts(page);
    await open(page, env.server.origin, '/pages/home/home', '.tabbar');
    const expired = localeText('id', 'errors', 'sessionInvalid');
    const signIn = localeText('id', 'common', 'signInRequired');
    const saidExpired: string[] = [];
    for (const route of ROUTES) {
      // In-app navigation, as a user moves: the worker and its (absent) session stay the same.
      await page.evaluate((r) => (location.hash = `#${r}`), route.path);
      await page.waitForSelector('.screen');
      // Long enough for the page's first reads to answer (a local server answers in milliseconds).
      await page.waitForTimeout(400);
      const text = (await page.textContent('.screen')) ?? '';
      if (text.includes(expired)) saidExpired.push(`${route.path}: page`);
    }
    for (const line of await toastsOf(page)) if (line.includes(expired)) saidExpired.push(line);
    expect(saidExpired).toEqual([]);
    // The two pages of the issue say the one signed-out text of the app.
    for (const route of ['/pages/legal/recordlist', '/pages/mine/collect_money']) {
      await page.goto(appUrl(env.server.origin, route));
      await page.waitForSelector('[data-testid="sign-in-required"]');
      expect(await page.textContent('[data-testid="sign-in-required"]')).toContain(signIn);
    }
    await context.close();
  });

  it('a shop that does not exist is not found, not offline, and its toast does not follow', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await recordToasts(page);
    for (const route of [
      '/pages/legal/storeUser',
      '/pages/legal/storeUser?id=987654',
      '/pages/legal/storeUser?id=x',
    ]) {
      await open(page, env.server.origin, route, '[data-testid="legal-not-found"]');
      expect(await page.locator('[data-testid="legal-error"]').count()).toBe(0);
      expect(await page.textContent('[data-testid="legal-not-found"]')).toContain(
        localeText('id', 'legal', 'store.notFound'),
      );
    }
    // On to the next page: nothing of the shop page's is still on screen.
    await page.evaluate(() => (location.hash = '#/pages/legal/legal'));
    await page.waitForSelector('[data-testid="legal-ads"], [data-testid="legal-empty"]');
    await page.waitForTimeout(300);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await context.close();
  });
});
