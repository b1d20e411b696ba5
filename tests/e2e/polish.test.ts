import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser, TEST_PASSWORD } from '../support/accounts';
import { fund } from '../support/assets';
import { api } from './funding-support';
import { PHONE, appUrl, open, serverAndBrowser } from '../support/e2e';

/** The bottom edge of the first element matching `selector`, in CSS pixels. */
const bottomOf = (page: Page, selector: string) =>
  page.$eval(selector, (el) => el.getBoundingClientRect().bottom);

describe('small breakages a new user hit (issue 10)', () => {
  const env = serverAndBrowser();

  it('the page starts at the top of the screen and its icons draw from the sprite in the HTML', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await open(page, env.server.origin, '/pages/home/home', '.tabbar');
    // The sprite sits before #root in <body>: hidden, it takes no room above the app.
    expect(await page.$eval('#root', (el) => el.getBoundingClientRect().top)).toBe(0);
    const icon = await page.$eval('.tabbar svg use', (use) => {
      const box = (use as SVGUseElement).getBBox();
      return { href: use.getAttribute('href'), width: box.width, height: box.height };
    });
    expect(icon.href).toMatch(/^#i-/);
    expect(icon.width).toBeGreaterThan(0);
    expect(icon.height).toBeGreaterThan(0);
    await context.close();
  });

  it('K-line: opened without a symbol shows the first market; the interval chips stay on one row', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    // The funding pages' stylesheet (whose .chips wrap) loaded first, as in a real session.
    await open(page, env.server.origin, '/pages/assets/charge');
    await page.goto(appUrl(env.server.origin, '/pages/market/kline'));
    await page.waitForURL(/symbol=/);
    expect(await page.locator('[data-testid="kline-unknown"]').count()).toBe(0);
    await page.waitForSelector('[data-testid="interval-1w"]');
    const tops = await page.$$eval('[data-testid^="interval-"]', (chips) =>
      chips.map((c) => Math.round(c.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    await context.close();
  });

  it('login and register send a signed-in user to the personal centre', async () => {
    const grant = await registerUser(env.server.origin);
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await open(page, env.server.origin, '/pages/mine/login', 'form');
    await page.fill('input[type=tel]', grant.user.account);
    await page.fill('input[autocomplete="current-password"]', TEST_PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/#\/pages\/mine\/index$/);
    for (const route of ['/pages/mine/login', '/pages/mine/register']) {
      // Opened as a bookmark: a fresh load of the app, whose worker restores the session.
      await page.goto('about:blank');
      await page.goto(appUrl(env.server.origin, route));
      await page.waitForFunction(() => location.hash === '#/pages/mine/index');
      expect(await page.locator('form input[autocomplete="current-password"]').count()).toBe(0);
    }
    await context.close();
  });

  it('income: a change of the frozen part reads neutral, not as money received', async () => {
    const grant = await registerUser(env.server.origin);
    await fund(env.server.dataDir, grant.user.id, 'USDT', '100');
    await api(env.server.origin, grant.token, 'trade/place', {
      symbol: 'ETH/USDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      qty: '0.1',
    });
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await open(page, env.server.origin, '/pages/mine/login', 'form');
    await page.fill('input[type=tel]', grant.user.account);
    await page.fill('input[autocomplete="current-password"]', TEST_PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/#\/pages\/mine\/index$/);
    await open(page, env.server.origin, '/pages/assets/assetsIncome', '[data-testid="journal-line"]');
    const frozenLine = page.locator('[data-testid="journal-line"]', { has: page.locator('.badge--frozen') });
    await frozenLine.first().waitFor();
    const amount = frozenLine.first().locator('[data-testid="journal-amount"]');
    expect(await amount.getAttribute('class')).toContain('journal-line__amount--frozen');
    // The kind filter names each kind once.
    const kinds = await page.$$eval('[data-testid="filter-kind"] option', (os) =>
      os.map((o) => o.textContent),
    );
    expect(kinds.length).toBeGreaterThan(10);
    expect(new Set(kinds).size).toBe(kinds.length);
    await context.close();
  });

  it('a toast sits below the header and the offline banner, and the same message shows once', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await open(page, env.server.origin, '/pages/mine/login', 'form');
    // Offline the way the app sees it: API requests fail at the network.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.fill('input[type=tel]', '13800000000');
    await page.fill('input[autocomplete="current-password"]', TEST_PASSWORD);
    for (let i = 0; i < 3; i++) {
      await page.click('button[type=submit]');
      await page.waitForSelector('[data-sonner-toast]');
    }
    await page.waitForSelector('.offline-banner');
    await page.waitForTimeout(500);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
    const toastTop = await page.$eval('[data-sonner-toast]', (el) => el.getBoundingClientRect().top);
    expect(toastTop).toBeGreaterThanOrEqual(await bottomOf(page, '.topbar'));
    expect(toastTop).toBeGreaterThanOrEqual(await bottomOf(page, '.offline-banner'));
    await context.close();
  });
});
