import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { readOutboxCode } from '../support/server';
import { fund } from '../support/assets';
import { api, freshUser } from './funding-support';
import { PHONE, open, pageErrors, serverAndBrowser, login } from '../support/e2e';

// Issue 10: one number format everywhere. In id (the default language) a number is written
// `100.065,10`: '.' groups thousands and ',' marks the fraction. A raw wire string such as
// `100065.10598884` or `64292.34` on a page is a number that skipped the formatter.

/** A well-formed TRC20 address. */
const TRON_ADDRESS = 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF';

/** A number as id writes it: groups of three after '.', an optional ',' fraction, an optional sign. */
const ID_NUMBER = /^[+−-]?\d{1,3}(\.\d{3})*(,\d+)?$/;

/** The numbers in the texts of `selector` (every match), as shown. */
async function numbersIn(page: Page, selector: string): Promise<string[]> {
  const texts = await page.$$eval(selector, (els) => els.map((e) => e.textContent ?? ''));
  return texts.flatMap((t) => t.match(/[+−-]?\d[\d.,]*/g) ?? []).map((n) => n.replace(/[.,]$/, ''));
}

/** Waits for `selector` to hold a digit, then checks every number in it is written the id way. */
async function expectIdNumbers(page: Page, selector: string): Promise<string[]> {
  await page.waitForFunction((sel) => /\d/.test(document.querySelector(sel)?.textContent ?? ''), selector);
  const found = await numbersIn(page, selector);
  expect(found.length, selector).toBeGreaterThan(0);
  for (const n of found) expect(n, `${selector}: ${n}`).toMatch(ID_NUMBER);
  return found;
}

describe('numbers are written in the reader’s locale on every money page (id)', () => {
  const env = serverAndBrowser();

  it('trade, assets, income, transfer and withdrawal show no wire decimal point', async () => {
    const origin = env.server.origin;
    const grant = await freshUser(origin);
    // Ledger precision on purpose: 8 decimals that the pages must shorten to the display decimals.
    await fund(env.server.dataDir, grant.user.id, 'USDT', '100065.10598884');
    await fund(env.server.dataDir, grant.user.id, 'BTC', '0.12345678');
    await callApi(origin, 'sms/send', { account: grant.user.account, scene: 'bind' });
    const code = await readOutboxCode(origin, grant.user.account);
    await api(origin, grant.token, 'assets/bindAddress', {
      coin: 'USDT',
      chain: 'TRC20',
      address: TRON_ADDRESS,
      label: 'e2e',
      code,
    });

    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, origin, grant.user.account);

    // Trade: the last price, the book and the balance, which stays on one line at 390 px.
    await open(page, origin, '/pages/trade/trade?symbol=BTC/USDT&side=buy', '[data-testid="order-form"]');
    await expectIdNumbers(page, '[data-testid="pair-last"]');
    await expectIdNumbers(page, '[data-testid="book-mid"]');
    await expectIdNumbers(page, '.tbook__price');
    await expectIdNumbers(page, '.tbook__qty');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="available"]')?.textContent?.trim() === '100.065,10 USDT',
    );
    const lines = await page.$eval('[data-testid="available"]', (dd) => {
      const lineHeight = parseFloat(getComputedStyle(dd).lineHeight);
      return dd.getBoundingClientRect().height / lineHeight;
    });
    expect(lines).toBeLessThan(1.5);
    // The exact ledger value is a tap away, and a second tap shortens it again.
    await page.click('[data-testid="available"] button');
    expect((await page.textContent('[data-testid="available"]'))?.trim()).toBe('100.065,10598884 USDT');
    await page.click('[data-testid="available"] button');
    expect((await page.textContent('[data-testid="available"]'))?.trim()).toBe('100.065,10 USDT');
    // "1,5" is one and a half: the preview reads it so (1.000 × 1,5 = 1.500 USDT).
    await page.fill('[data-testid="price-input"]', '1.000');
    await page.fill('[data-testid="qty-input"]', '1,5');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="preview-total"]')?.textContent === '1.500,00 USDT',
    );
    await page.click('[data-testid="side-sell"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="available"]')?.textContent?.trim() === '0,123456 BTC',
    );

    // Assets: the total, each account estimate and every holding.
    await open(page, origin, '/pages/assets/assets', '[data-testid="holding-list"]');
    await expectIdNumbers(page, '[data-testid="total-estimate"]');
    await expectIdNumbers(page, '[data-testid="account-estimate"]');
    const usdt = '[data-testid="holding"][data-coin="USDT"] [data-testid="holding-available"]';
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent?.trim() === '100.065,10',
      usdt,
    );
    await expectIdNumbers(page, '[data-testid="holding-available"]');
    await expectIdNumbers(page, '[data-testid="holding-estimate"]');

    // Income and expenses: the changes and the balances after them.
    await open(page, origin, '/pages/assets/assetsIncome', '[data-testid="journal-list"]');
    await expectIdNumbers(page, '[data-testid="journal-amount"]');
    await expectIdNumbers(page, '[data-testid="journal-after"]');

    // Transfer: the available balance.
    await open(page, origin, '/pages/assets/transfer?from=spot&coin=USDT', '[data-testid="transfer-form"]');
    await expectIdNumbers(page, '[data-testid="transfer-available"]');

    // Withdrawal: the withdrawable balance and the terms; "1.000" is a thousand in id.
    await open(page, origin, '/pages/assets/mention?coin=USDT&chain=TRC20', '[data-testid="withdraw-form"]');
    await expectIdNumbers(page, '[data-testid="withdrawable"]');
    for (const id of ['withdraw-fee', 'withdraw-min', 'withdraw-limit', 'withdraw-remaining']) {
      await expectIdNumbers(page, `[data-testid="${id}"]`);
    }
    await page.fill('[data-testid="withdraw-amount"]', '1.000');
    await page.waitForFunction(() =>
      /^999(,0+)? USDT$/.test(
        document.querySelector('[data-testid="withdraw-receive"]')?.textContent?.trim() ?? '',
      ),
    );
    await page.click('[data-testid="withdraw-submit"]');
    await page.locator('[data-testid="confirm-withdraw"]').waitFor();
    expect(await page.locator('.field__error[data-field="amount"]').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
