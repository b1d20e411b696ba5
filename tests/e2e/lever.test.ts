import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, dataOf } from '../support/assets';
import { expectLedgerSound, spotPair, startLeverServer, trader } from '../support/lever';
import { PHONE, open, pageErrors, serverAndBrowser, login, setPrefs, shot, text } from '../support/e2e';

/** Set to a directory to keep screenshots of the lever pages (both themes, en, id and zh). */
const SHOTS = process.env.LEVER_SHOTS;

const waitText = (page: Page, selector: string, want: string) =>
  page.waitForFunction(([sel, w]) => document.querySelector(sel!)?.textContent?.trim() === w, [
    selector,
    want,
  ] as const);

/** Opens a long of `hands` at `multiple`× through the form and its confirmation. */
async function openLong(page: Page, multiple: number, hands: string): Promise<void> {
  await page.click(`[data-testid="lever-multiple-${multiple}"]`);
  await page.fill('[data-testid="lever-hands"]', hands);
  await page.click('[data-testid="lever-submit"]');
  await page.click('[data-testid="lever-confirm-open"]');
  await page.waitForSelector('[data-testid="lever-confirm-open"]', { state: 'hidden' });
}

describe('lever e2e', () => {
  const env = serverAndBrowser(() => startLeverServer());
  let trade: Awaited<ReturnType<typeof spotPair>>;
  beforeAll(async () => {
    trade = await spotPair(env.server);
    await trade('BTC/USDT', '64000.00', '0.01');
  });

  it('opens a 10× long, follows its PnL with each trade, sets TP/SL, closes all; a liquidation has its receipt', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, env.server.origin);
    await open(page, env.server.origin, '/pages/lever/lever?symbol=BTC/USDT', '[data-testid="lever-form"]');
    await waitText(page, '[data-testid="lever-mark"]', '64.000,00');

    // A price tapped in the book makes the order a limit at that price.
    const seller = await trader(env.server, '0', { BTC: '1' });
    dataOf(
      await call(env.server.origin, 'trade/place', seller.token, {
        symbol: 'BTC/USDT',
        side: 'sell',
        type: 'limit',
        price: '66000.00',
        qty: '0.001',
      }),
    );
    await page.click('[data-testid="book-ask"]');
    await page.waitForFunction(
      () =>
        // The field shows the tapped price as the id locale writes it (decimal comma).
        (document.querySelector('[data-testid="lever-price"]') as HTMLInputElement | null)?.value ===
        '66000,00',
    );
    await page.click('[data-testid="lever-type-market"]');

    // The pre-trade receipt is the server's own math (id locale: decimal comma).
    await page.click('[data-testid="lever-multiple-10"]');
    await page.fill('[data-testid="lever-hands"]', '10');
    // Amounts of USDT at its display decimals (2) everywhere: preview, card, receipt (issue 29).
    await waitText(page, '[data-testid="preview-margin"]', '64,00 USDT');
    expect(await text(page, '[data-testid="preview-openFee"]')).toBe('0,32 USDT');
    expect(await text(page, '[data-testid="preview-liquidation"]')).toBe('58.880,00');
    expect(await text(page, '[data-testid="preview-after"]')).toBe('9.935,68 USDT');
    // Out-of-bounds and fractional hands are refused in the form; nothing is sent.
    await page.fill('[data-testid="lever-hands"]', '1.5');
    await page.click('[data-testid="lever-submit"]');
    await page.waitForSelector('[data-field="hands"]');
    await page.fill('[data-testid="lever-hands"]', '10');
    await page.click('[data-testid="lever-submit"]');
    // A market order has no limit price: its price row names the contract price it opens at (issue 29).
    const priceRow = page.locator('.confirm-order__row', {
      has: page.locator('[data-testid="confirm-price"]'),
    });
    expect((await priceRow.locator('dt').textContent())?.trim()).toBe('Harga kontrak (transaksi terakhir)');
    expect(await text(page, '[data-testid="confirm-price"]')).toBe('64.000,00');
    await shot(page, SHOTS, 'confirm-open', { settleMs: 400 });
    await page.click('[data-testid="lever-confirm-open"]');

    const card = '[data-testid="lever-position"][data-status="trading"]';
    await page.waitForSelector(card);
    await waitText(page, `${card} [data-testid="lever-pnl"]`, '0,00');
    // Spot trades in our own book move the contract price; the worker re-marks the position.
    await trade('BTC/USDT', '64500.00', '0.01');
    await waitText(page, `${card} [data-testid="lever-pnl"]`, '+5,00');
    expect(await text(page, `${card} [data-testid="lever-risk"]`)).toBe('107,81%');
    await shot(page, SHOTS, 'position', { settleMs: 400 });

    // TP/SL with the PnL at each price before saving; a stop past liquidation is refused.
    await page.click(`${card} [data-testid="lever-tpsl"]`);
    await page.fill('[data-testid="tpsl-tp"]', '70000');
    await page.fill('[data-testid="tpsl-sl"]', '50000');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="tpsl-tp-pnl"]')?.textContent?.includes('+60,00'),
    );
    expect(await text(page, '[data-testid="tpsl-tp-pnl"]')).toContain('+60,00 USDT');
    await page.click('[data-testid="tpsl-save"]');
    await page.waitForSelector('.field__error[role=alert]');
    await page.fill('[data-testid="tpsl-sl"]', '62000');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="tpsl-sl-pnl"]')?.textContent?.includes('-20,00 USDT'),
    );
    await shot(page, SHOTS, 'tpsl', { settleMs: 400 });
    await page.click('[data-testid="tpsl-save"]');
    await waitText(page, `${card} [data-testid="lever-tp"]`, '70.000,00');
    expect(await text(page, `${card} [data-testid="lever-sl"]`)).toBe('62.000,00');

    // Close all: the confirmation names how many and the estimated PnL.
    await page.click('[data-testid="lever-close-all"]');
    await waitText(page, '[data-testid="confirm-count"]', '1');
    expect(await text(page, '[data-testid="confirm-pnl"]')).toBe('+5,00 USDT');
    await shot(page, SHOTS, 'close-all', { settleMs: 400 });
    await page.click('[data-testid="lever-confirm"]');
    await page.waitForSelector(card, { state: 'detached' });

    // A 100× long is liquidated by a trade through its liquidation price; the order list shows the receipt.
    await openLong(page, 100, '10');
    await page.waitForSelector(card);
    // The card writes its amounts as the receipt will: the coin's display decimals.
    const cardMargin = await text(page, `${card} [data-testid="lever-margin"]`);
    expect(cardMargin).toMatch(/^\d+,\d\d$/);
    expect(await text(page, `${card} [data-testid="lever-openFee"]`)).toMatch(/^\d+,\d\d$/);
    await trade('BTC/USDT', '63000.00', '0.01');
    await page.waitForSelector(card, { state: 'detached' });
    await open(page, env.server.origin, '/pages/lever/orderList', '[data-testid="lever-order"]');
    const liquidated = '[data-testid="lever-order"][data-status="closed"]';
    await page.click(`${liquidated} [data-testid="lever-receipt-open"]`);
    await page.waitForSelector('[data-testid="lever-receipt"][data-rule="liquidation"]');
    expect(await page.locator('[data-testid="receipt-houseCover"]').count()).toBe(1);
    expect(await text(page, '[data-testid="receipt-payout"]')).toBe('0,00 USDT');
    expect(await text(page, '[data-testid="receipt-margin"]')).toBe(`${cardMargin} USDT`);
    // Trade times in the locale's format, to the millisecond (id: 27/11, 14.03.07,206).
    expect(await text(page, '[data-testid="receipt-trade"]')).toMatch(/\d\d\.\d\d\.\d\d,\d{3}$/);
    await shot(page, SHOTS, 'receipt-liquidation', { settleMs: 400 });
    await page.click('[data-testid="receipt-close"]');

    // The CSD tab shows the lever positions beside spot orders.
    await open(page, env.server.origin, '/pages/lever/lever?symbol=BTC/USDT', '[data-testid="lever-form"]');
    await openLong(page, 10, '1');
    await open(page, env.server.origin, '/pages/trade/entrust', '[data-testid="lever-positions"]');
    await page.waitForSelector(card);

    // The lever account on assets: available, frozen and an equity estimate with the live PnL.
    await open(
      page,
      env.server.origin,
      '/pages/assets/assets?account=lever',
      '[data-testid="lever-account"]',
    );
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="lever-equity"]')?.textContent ?? ''),
    );
    await shot(page, SHOTS, 'assets-lever', { settleMs: 400 });

    expect(errors).toEqual([]);
    await expectLedgerSound(env.server);
    await context.close();
  });

  it.runIf(SHOTS)('screenshots in both themes and three languages', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await login(page, env.server.origin);
    for (const lang of ['en', 'id', 'zh'] as const) {
      for (const theme of ['dark', 'light'] as const) {
        await setPrefs(page, env.server.origin, { lang, theme });
        await open(
          page,
          env.server.origin,
          '/pages/lever/lever?symbol=BTC/USDT',
          '[data-testid="lever-form"]',
        );
        await page.fill('[data-testid="lever-hands"]', '10');
        await page.waitForTimeout(300);
        await shot(page, SHOTS, `lever-${lang}-${theme}`, { settleMs: 400 });
        await page.evaluate(() =>
          document.querySelector('[data-testid="lever-positions"]')?.scrollIntoView(),
        );
        await shot(page, SHOTS, `positions-${lang}-${theme}`, { settleMs: 400 });
        await open(page, env.server.origin, '/pages/lever/orderList', '[data-testid="lever-order"]');
        await shot(page, SHOTS, `orders-${lang}-${theme}`, { settleMs: 400 });
        await page.click(
          '[data-testid="lever-order"][data-status="closed"] [data-testid="lever-receipt-open"]',
        );
        await page.waitForSelector('[data-testid="lever-receipt"]');
        await shot(page, SHOTS, `receipt-${lang}-${theme}`, { settleMs: 400 });
      }
    }
    await context.close();
  });
});
