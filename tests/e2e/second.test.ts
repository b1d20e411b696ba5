// Timed options in Chromium at 390×844 against the real server and its market simulator: stake up
// for 30 s, watch the countdown (it survives a reload), see the result without a reload and open
// the receipt; the rules sheet states the catalog's numbers.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openNetworkLink } from './network-link';
import {
  PHONE,
  open,
  pageErrors,
  waitForServiceWorker,
  serverAndBrowser,
  login,
  setLang,
  shot,
} from '../support/e2e';

const ROUTE = '/pages/market/second?symbol=BTC/USDT';
/** Set to a directory to keep screenshots of the page (both themes) for a look. */
const SHOTS = process.env.SECOND_SHOTS;

/** Seconds shown by the first countdown, or null when it is not a m:ss time. */
async function countdown(page: Page): Promise<number | null> {
  const text = (await page.textContent('[data-testid="countdown"]'))?.trim() ?? '';
  const m = /^(\d+):(\d\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

describe('timed options', () => {
  const env = serverAndBrowser();

  it('stakes up for 30 s: countdown through a reload, result without reload, receipt', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, env.server.origin);
    await setLang(page, env.server.origin, 'en');
    await open(page, env.server.origin, ROUTE, '[data-testid="stake-input"]');
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
    await shot(page, SHOTS, 'form-dark', { fullPage: true });
    await page.click('[data-testid="buy-up"]');
    await page.waitForSelector('[data-testid="confirm-option"]');
    expect(await page.textContent('[data-testid="confirm-rule"]')).toMatch(/above/);
    expect(await page.textContent('[data-testid="confirm-payout"]')).toMatch(/180/);
    await page.waitForTimeout(400);
    await shot(page, SHOTS, 'confirm-dark', { fullPage: true });
    await page.dblclick('[data-testid="confirm-option"]');
    await page.waitForSelector('[data-testid="confirm-option"]', { state: 'hidden' });

    await page.waitForSelector('[data-testid="open-option"]');
    expect(await page.locator('[data-testid="open-option"]').count()).toBe(1);
    const first = await countdown(page);
    expect(first).not.toBeNull();
    expect(first!).toBeGreaterThan(20);
    expect(first!).toBeLessThanOrEqual(30);
    await shot(page, SHOTS, 'countdown-dark', { fullPage: true });

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
    await shot(page, SHOTS, 'result-dark', { fullPage: true });

    await page.click('[data-testid="result-receipt"]');
    await page.waitForSelector('[data-testid="receipt"]');
    const receipt = (await page.textContent('[data-testid="receipt"]')) ?? '';
    expect(receipt).toMatch(/Entry trade/);
    expect(receipt).toMatch(/Exit trade/);
    expect(receipt).toMatch(/30 s/);
    expect(await page.textContent('[data-testid="receipt-entry"]')).toMatch(/Trade #\d+/);
    expect(await page.textContent('[data-testid="receipt-exit"]')).toMatch(/Trade #\d+/);
    await page.waitForTimeout(400);
    await shot(page, SHOTS, 'receipt-dark', { fullPage: true });
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
    await shot(page, SHOTS, 'rules-dark', { fullPage: true });
    await page.keyboard.press('Escape');

    if (SHOTS) {
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
      await shot(page, SHOTS, 'page-light-en', { fullPage: true });
      for (const lang of ['id', 'zh'] as const) {
        await setLang(page, env.server.origin, lang);
        await open(page, env.server.origin, ROUTE, '[data-testid="history-row"]');
        await shot(page, SHOTS, `page-dark-${lang}`, { fullPage: true });
        await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
        await shot(page, SHOTS, `page-light-${lang}`, { fullPage: true });
        await page.click('[data-testid="open-rules"]');
        await page.waitForSelector('[data-testid="rules-sheet"]');
        await page.waitForTimeout(400);
        await shot(page, SHOTS, `rules-light-${lang}`, { fullPage: true });
        await page.keyboard.press('Escape');
        await page.click('[data-testid="history-row"]');
        await page.waitForSelector('[data-testid="receipt"]');
        await page.waitForTimeout(400);
        await shot(page, SHOTS, `receipt-light-${lang}`, { fullPage: true });
        await page.keyboard.press('Escape');
        await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('offline after one visit: the page renders the terms and options the worker last knew, dated', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const link = await openNetworkLink(env.server.origin);
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
