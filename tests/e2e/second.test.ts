// Timed options in Chromium at 390×844 against the real server and its market simulator: stake up
// for 30 s, watch the countdown (it survives a reload), see the result without a reload and open
// the receipt; the rules sheet states the catalog's numbers.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { openNetworkLink } from './network-link';
import { PHONE, launchBrowser, open, pageErrors, waitForServiceWorker } from './support';

const DEMO = { email: 'demo@example.com', password: 'Demo1234' };
const ROUTE = '/pages/market/second?symbol=BTC/USDT';
/** Set to a directory to keep screenshots of the page (both themes) for a look. */
const SHOTS = process.env.SECOND_SHOTS;

async function login(page: Page, origin: string): Promise<void> {
  await open(page, origin, '/pages/mine/login', 'form');
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.fill('input[type=email]', DEMO.email);
  await page.fill('input[autocomplete="current-password"]', DEMO.password);
  await page.click('button[type=submit]');
  await page.waitForURL(/#\/pages\/mine\/index$/);
}

/** Switches the UI language in the security centre, as a person would. */
async function setLang(page: Page, origin: string, lang: 'en' | 'id' | 'zh'): Promise<void> {
  await open(page, origin, '/pages/mine/security', '[data-testid="language-row"]');
  await page.click('[data-testid="language-row"]');
  await page.click(`[data-testid="lang-${lang}"]`);
  const tag = { en: 'en', id: 'id', zh: 'zh-CN' }[lang];
  await page.waitForFunction((l) => document.documentElement.lang === l, tag);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Seconds shown by the first countdown, or null when it is not a m:ss time. */
async function countdown(page: Page): Promise<number | null> {
  const text = (await page.textContent('[data-testid="countdown"]'))?.trim() ?? '';
  const m = /^(\d+):(\d\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

describe('timed options', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('stakes up for 30 s: countdown through a reload, result without reload, receipt', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, server.origin);
    await setLang(page, server.origin, 'en');
    await open(page, server.origin, ROUTE, '[data-testid="stake-input"]');
    // The demo account's journaled option balance and the live chart from the simulator's trades.
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="second-available"]')?.textContent ?? ''),
    );
    await page.waitForSelector('[data-testid="second-chart"]', { timeout: 20_000 });

    // Bad input is refused in the form; nothing is sent.
    await page.click('[data-testid="duration-30"]');
    await page.fill('[data-testid="stake-input"]', '5');
    await page.click('[data-testid="buy-up"]');
    await page.waitForSelector('[data-testid="stake-error"]');
    expect(await page.locator('[data-testid="confirm-option"]').isVisible()).toBe(false);

    // 25 % of 10 000 is 2 500, within the 30 s bounds; then a typed 100.
    await page.click('[data-testid="pct-25"]');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="stake-input"]') as HTMLInputElement).value === '2500.00',
    );
    await page.fill('[data-testid="stake-input"]', '100');
    await page.waitForFunction(() =>
      /180/.test(document.querySelector('[data-testid="payout-preview"]')?.textContent ?? ''),
    );
    await shot(page, 'form-dark');
    await page.click('[data-testid="buy-up"]');
    await page.waitForSelector('[data-testid="confirm-option"]');
    expect(await page.textContent('[data-testid="confirm-rule"]')).toMatch(/above/);
    expect(await page.textContent('[data-testid="confirm-payout"]')).toMatch(/180/);
    await page.waitForTimeout(400);
    await shot(page, 'confirm-dark');
    await page.dblclick('[data-testid="confirm-option"]');
    await page.waitForSelector('[data-testid="confirm-option"]', { state: 'hidden' });

    await page.waitForSelector('[data-testid="open-option"]');
    expect(await page.locator('[data-testid="open-option"]').count()).toBe(1);
    const first = await countdown(page);
    expect(first).not.toBeNull();
    expect(first!).toBeGreaterThan(20);
    expect(first!).toBeLessThanOrEqual(30);
    await shot(page, 'countdown-dark');

    // A reload keeps the option and its countdown (which kept running).
    await page.waitForTimeout(2_000);
    await page.reload();
    await page.waitForSelector('[data-testid="open-option"]');
    await page.waitForFunction(() =>
      /^\d+:\d\d$/.test(document.querySelector('[data-testid="countdown"]')?.textContent?.trim() ?? ''),
    );
    const after = await countdown(page);
    expect(after!).toBeLessThan(first!);
    expect(after!).toBeGreaterThan(first! - 10);

    // The result arrives without a reload.
    await page.waitForSelector('[data-testid="option-result"]', { timeout: 45_000 });
    const label = (await page.textContent('[data-testid="result-label"]'))?.trim();
    expect(['Won', 'Lost', 'Equal, stake returned']).toContain(label);
    expect(await page.locator('[data-testid="open-option"]').count()).toBe(0);
    await shot(page, 'result-dark');

    await page.click('[data-testid="result-receipt"]');
    await page.waitForSelector('[data-testid="receipt"]');
    const receipt = (await page.textContent('[data-testid="receipt"]')) ?? '';
    expect(receipt).toMatch(/Entry trade/);
    expect(receipt).toMatch(/Exit trade/);
    expect(receipt).toMatch(/30 s/);
    expect(await page.textContent('[data-testid="receipt-entry"]')).toMatch(/Trade #\d+/);
    expect(await page.textContent('[data-testid="receipt-exit"]')).toMatch(/Trade #\d+/);
    await page.waitForTimeout(400);
    await shot(page, 'receipt-dark');
    await page.keyboard.press('Escape');

    // The history lists it, and filters by result.
    await page.waitForSelector('[data-testid="history-row"]');
    const other = label === 'Won' ? 'lost' : 'won';
    await page.selectOption('[data-testid="filter-result"]', other);
    await page.waitForSelector('[data-testid="history-empty"]');
    await page.selectOption('[data-testid="filter-result"]', '');
    await page.waitForSelector('[data-testid="history-row"]');

    // The rules sheet states the rule and the catalog's numbers.
    await page.click('[data-testid="open-rules"]');
    await page.waitForSelector('[data-testid="rules-sheet"]');
    const rules = (await page.textContent('[data-testid="rules-sheet"]')) ?? '';
    expect(rules).toMatch(/Up wins when the exit price is above the entry price/);
    expect(rules).toMatch(/80\s%/);
    await shot(page, 'rules-dark');
    await page.keyboard.press('Escape');

    if (SHOTS) {
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
      await shot(page, 'page-light-en');
      for (const lang of ['id', 'zh'] as const) {
        await setLang(page, server.origin, lang);
        await open(page, server.origin, ROUTE, '[data-testid="history-row"]');
        await shot(page, `page-dark-${lang}`);
        await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
        await shot(page, `page-light-${lang}`);
        await page.click('[data-testid="open-rules"]');
        await page.waitForSelector('[data-testid="rules-sheet"]');
        await page.waitForTimeout(400);
        await shot(page, `rules-light-${lang}`);
        await page.keyboard.press('Escape');
        await page.click('[data-testid="history-row"]');
        await page.waitForSelector('[data-testid="receipt"]');
        await page.waitForTimeout(400);
        await shot(page, `receipt-light-${lang}`);
        await page.keyboard.press('Escape');
        await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('offline after one visit: the page renders the terms and options the worker last knew, dated', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const link = await openNetworkLink(server.origin);
    await login(page, link.origin);
    await setLang(page, link.origin, 'en');
    await open(page, link.origin, ROUTE, '[data-testid="stake-input"]');
    await waitForServiceWorker(page);
    await page.waitForSelector('[data-testid="duration-30"]');
    // Let the worker store what it knows before the network goes.
    await page.waitForTimeout(500);
    await link.set(context, false);
    await page.reload();
    await page.waitForSelector('[data-testid="stake-input"]');
    await page.waitForSelector('[data-testid="second-age"]');
    expect(await page.locator('[data-testid="duration-300"]').count()).toBe(1);
    await context.close();
    await link.close();
  }, 60_000);
});
