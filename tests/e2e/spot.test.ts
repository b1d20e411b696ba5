import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { PHONE, launchBrowser, open, pageErrors, login } from '../support/e2e';

const TRADE = '/pages/trade/trade?symbol=BTC/USDT&side=buy';
/** Far below any simulated BTC price: this buy rests in the book and never fills. */
const LOW_PRICE = '1000';

/** A number as the app writes it in id, the default language (`100.000,00` → `100000.00`). */
const fromId = (text: string): string => text.replace(/\./g, '').replace(',', '.');

/** The available balance the form shows, as a plain decimal; the coin follows after a space. */
async function available(page: Page): Promise<string> {
  const text = (await page.textContent('[data-testid="available"]')) ?? '';
  return fromId(text.trim().split(/\s+/)[0]!);
}

async function waitAvailable(page: Page, expected: string): Promise<void> {
  await page.waitForFunction(
    (want) =>
      document
        .querySelector('[data-testid="available"]')
        ?.textContent?.trim()
        .replace(/\./g, '')
        .replace(',', '.')
        .startsWith(`${want} `),
    expected,
  );
}

async function openTrade(page: Page, origin: string): Promise<void> {
  await open(page, origin, TRADE, '[data-testid="order-form"]');
  // Balances are in once the available amount is a number.
  await page.waitForFunction(() =>
    /^\d/.test(document.querySelector('[data-testid="available"]')?.textContent?.trim() ?? ''),
  );
}

/** Fills the form and confirms; a double tap on confirm must place one order only. */
async function placeLimitBuy(page: Page, price: string, qty: string): Promise<void> {
  await page.click('[data-testid="type-limit"]');
  await page.fill('[data-testid="price-input"]', price);
  await page.fill('[data-testid="qty-input"]', qty);
  await page.click('[data-testid="submit-order"]');
  await page.waitForSelector('[data-testid="confirm-order"]');
  await page.dblclick('[data-testid="confirm-order"]');
  await page.waitForSelector('[data-testid="confirm-order"]', { state: 'hidden' });
}

const openCards = (page: Page) => page.locator('[data-testid="open-orders"] [data-testid="order-card"]');

describe('spot trading', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  /** Set once the restart test stopped the first server (its data directory is then removed here). */
  let stopped = false;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    if (!stopped) await server?.close();
    else fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('places, lists and cancels a limit order, then buys at market and sees the fill', async () => {
    context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);

    // Signed out: a login button stands where the submit button would be.
    await open(page, server.origin, TRADE, '[data-testid="order-form"]');
    await page.waitForSelector('[data-testid="login-to-trade"]');
    expect(await page.locator('[data-testid="submit-order"]').count()).toBe(0);

    await login(page, server.origin);
    await openTrade(page, server.origin);
    // At USDT's display decimals (2), in id's separators (the default language).
    expect(await page.textContent('[data-testid="available"]')).toBe('100.000,00 USDT');
    expect(await available(page)).toBe('100000.00');

    // The exact preview: 1000 × 0.01 = 10 USDT, fee at most 0.01 × 0.1 % = 0.00001 BTC.
    await page.fill('[data-testid="price-input"]', LOW_PRICE);
    await page.fill('[data-testid="qty-input"]', '0.01');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="preview-total"]')?.textContent === '10,00 USDT',
    );
    expect(await page.textContent('[data-testid="preview-fee"]')).toBe('0,00001 BTC');

    await placeLimitBuy(page, LOW_PRICE, '0.01');
    await openCards(page).first().waitFor();
    expect(await openCards(page).count()).toBe(1);
    await waitAvailable(page, '99990.00');

    // It is listed on the orders page too.
    const id = await openCards(page).first().getAttribute('data-order-id');
    await open(page, server.origin, '/pages/trade/entrust', '[data-testid="order-list"]');
    await page.locator(`[data-testid="order-card"][data-order-id="${id}"]`).waitFor();

    // Cancel it (with a confirmation) on the trade page: the frozen USDT comes back.
    await openTrade(page, server.origin);
    await openCards(page).first().locator('[data-testid="cancel-order"]').click();
    await page.click('dialog[open] .btn--primary');
    await page.waitForSelector('[data-testid="open-orders"] [data-testid="order-card"]', {
      state: 'detached',
    });
    await waitAvailable(page, '100000.00');

    // The cancelled order is in the history.
    await open(page, server.origin, '/pages/trade/entrust?tab=history', '[data-testid="order-list"]');
    const cancelled = page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
    expect(await cancelled.getAttribute('data-status')).toBe('cancelled');

    // A market buy by amount fills against the simulated market makers.
    await openTrade(page, server.origin);
    await page.click('[data-testid="type-market"]');
    await page.fill('[data-testid="amount-input"]', '100');
    await page.click('[data-testid="submit-order"]');
    await page.click('[data-testid="confirm-order"]');
    await page.waitForSelector('[data-testid="confirm-order"]', { state: 'hidden' });
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="available"]')?.textContent?.trim() ?? '';
      return /^\d/.test(text) && !text.startsWith('100.000,00 ');
    });
    const spent = 100000 - Number(await available(page));
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(100);
    // The bought BTC shows on the sell side.
    await page.click('[data-testid="side-sell"]');
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="available"]')?.textContent?.trim().startsWith('1,000000 '),
    );
    expect(Number(await available(page))).toBeGreaterThan(1);
    // A market sell's total is estimated from the book's best bid, which reaches the form from the
    // live part of the page only for market orders.
    await page.fill('[data-testid="qty-input"]', '0,5');
    await page.waitForFunction(() =>
      /^≈ \d/.test(document.querySelector('[data-testid="preview-total"]')?.textContent?.trim() ?? ''),
    );

    // The fill is in the transaction history, as taker, with its fee in BTC.
    await open(page, server.origin, '/pages/trade/detail', '[data-testid="fill-list"]');
    const fill = page.locator('[data-testid="fill-card"]').first();
    expect(await fill.textContent()).toContain('BTC/USDT');
    expect(await fill.locator('.badge--taker').count()).toBe(1);
    expect(await fill.textContent()).toContain('(BTC)');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the market catalog again by itself when its first loads failed', async () => {
    // No service worker, so every request of the app's worker passes the context's routes.
    context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = pageErrors(page);
    let refused = 0;
    // The worker's early read and the page's own read fail, as a server fault or a lost connection.
    await context.route('**/api/market/catalog*', (route) =>
      refused++ < 2 ? route.fulfill({ status: 502, body: 'Bad Gateway' }) : route.continue(),
    );
    await open(page, server.origin, TRADE, '.screen');
    // Meanwhile the screen has its shape: the form's frame with the way to sign in, the book waiting.
    await page.waitForSelector('[data-testid="order-form-frame"]');
    const login = page.getByTestId('login-to-trade');
    const framed = await login.boundingBox();
    expect(await page.locator('[data-testid="order-form-frame"] input:not([disabled])').count()).toBe(0);
    expect(await page.getByTestId('order-book').getAttribute('aria-label')).toBeTruthy();
    // Without a reload or a tap, the page gets its catalog and shows the market.
    await page.waitForSelector('[data-testid="order-form"]', { timeout: 10_000 });
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('order-form-frame').count()).toBe(0);
    // The form took the frame's place: its sign-in link did not move.
    expect(await login.boundingBox()).toEqual(framed);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches market with the picker, whose list is mounted only when it first opens', async () => {
    context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await open(page, server.origin, TRADE, '[data-testid="order-form"]');
    // The closed picker renders nothing: the market list is not rendered again with every price.
    expect(await page.locator('[role=option]').count()).toBe(0);
    await page.getByTestId('pair-picker').click();
    await page.waitForSelector('dialog[open] [role=option]');
    const options = page.locator('dialog[open] [role=option]');
    expect(await options.count()).toBeGreaterThan(1);
    expect(await page.locator('[role=option][aria-selected=true]').textContent()).toContain('BTC/USDT');
    const other = page.locator('dialog[open] [role=option][aria-selected=false]').first();
    const symbol = ((await other.locator('span').first().textContent()) ?? '').trim();
    expect(symbol).toMatch(/^[A-Z]+\/[A-Z]+$/);
    await other.click();
    await page.waitForURL(
      (url) =>
        url.hash.includes(`symbol=${symbol}`) || url.hash.includes(`symbol=${encodeURIComponent(symbol)}`),
    );
    await page.waitForFunction((s) => document.querySelector('.pair-bar__symbol')?.textContent === s, symbol);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    // Once opened, the list stays mounted (closed), so it opens again at once.
    expect(await page.locator('[role=option][aria-selected=true]').textContent()).toContain(symbol);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps an open order across a server restart', async () => {
    context = await browser.newContext(PHONE);
    let page = await context.newPage();
    await login(page, server.origin);
    await openTrade(page, server.origin);
    await placeLimitBuy(page, LOW_PRICE, '0.02');
    await openCards(page).first().waitFor();
    const id = await openCards(page).first().getAttribute('data-order-id');
    await context.close();

    // Same data directory, new process (and a new port, hence a new browser origin and login).
    const { dataDir } = server;
    await server.stop();
    stopped = true;
    const restarted = await startTestServer({ dataDir });
    try {
      context = await browser.newContext(PHONE);
      page = await context.newPage();
      await login(page, restarted.origin);
      await open(page, restarted.origin, '/pages/trade/entrust?tab=open', '[data-testid="order-list"]');
      const card = page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('open');
      await context.close();
    } finally {
      // Leaves the data directory: it was passed in, so afterAll removes it.
      await restarted.close();
    }
  });
});
