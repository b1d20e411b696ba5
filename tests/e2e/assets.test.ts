import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser } from '../support/accounts';
import { callApi } from '../support/api';
import { readOutboxCode } from '../support/server';
import { errorText, fund, violations } from '../support/assets';
import { PHONE, open, pageErrors, serverAndBrowser, login, text } from '../support/e2e';

/** Waits until the element's text is exactly `want`. */
async function waitText(page: Page, selector: string, want: string): Promise<void> {
  await page.waitForFunction(([sel, w]) => document.querySelector(sel!)?.textContent?.trim() === w, [
    selector,
    want,
  ] as const);
}

const holding = (coin: string, field: 'available' | 'frozen' | 'estimate') =>
  `[data-testid="holding"][data-coin="${coin}"] [data-testid="holding-${field}"]`;

const TRADE_PASSWORD = 'Trade123';
/** A well-formed TRC20 address. */
const TRC20_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** A verification code for `scene`, through the real sms/send and the demo outbox. */
async function codeFor(origin: string, account: string, scene: 'bind' | 'tradePwd'): Promise<string> {
  const sent = await callApi(origin, 'sms/send', { account, scene });
  if (sent.body?.type !== 'ok') throw new Error(`sms/send failed: ${sent.text}`);
  return readOutboxCode(origin, account);
}

describe('assets', () => {
  const env = serverAndBrowser();

  it('shows the balance, transfers spot → lever after a confirmation, and lists it in the journal', async () => {
    const grant = await registerUser(env.server.origin);
    await fund(env.server.dataDir, grant.user.id, 'USDT', '100');
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, env.server.origin, grant);

    // The assets page: USDT is worth 1, so the total is exact. Numbers are written in id, the
    // default language, at USDT's display decimals (2).
    await open(page, env.server.origin, '/pages/assets/assets', '[data-testid="holding-list"]');
    expect(await text(page, holding('USDT', 'available'))).toBe('100,00');
    expect(await text(page, '[data-testid="total-estimate"]')).toBe('100,00');
    expect(await text(page, holding('USDT', 'estimate'))).toBe('≈ 100,00 USDT');
    await page.click('[data-testid="hide-zero"]');
    expect(await page.locator('[data-testid="holding"]').count()).toBe(1);

    // A transfer made elsewhere reaches the open page through the private balance event.
    await callApi(
      env.server.origin,
      'assets/transfer',
      { from: 'spot', to: 'finance', coin: 'USDT', amount: '10' },
      { token: grant.token },
    );
    await waitText(page, holding('USDT', 'available'), '90,00');

    // The transfer form: the matrix offers only spot's targets; the swap follows allowed pairs.
    await page.click('[data-testid="assets-transfer"]');
    await page.waitForSelector('[data-testid="transfer-form"]');
    await waitText(page, '[data-testid="transfer-available"]', '90,00 USDT');
    expect(await page.inputValue('[data-testid="transfer-from"]')).toBe('spot');
    expect(await page.inputValue('[data-testid="transfer-to"]')).toBe('lever');
    await page.click('[data-testid="transfer-swap"]');
    expect(await page.inputValue('[data-testid="transfer-from"]')).toBe('lever');
    const targets = await page.$$eval('[data-testid="transfer-to"] option', (os) =>
      os.map((o) => (o as HTMLOptionElement).value),
    );
    expect(targets).toEqual(['spot']);
    await page.click('[data-testid="transfer-swap"]');
    expect(await page.inputValue('[data-testid="transfer-to"]')).toBe('lever');

    // More decimals than USDT has are refused next to the amount, naming the count, never cut.
    await page.fill('[data-testid="transfer-amount"]', '30,1234567');
    await page.fill('[data-testid="transfer-remark"]', 'margin');
    await page.click('[data-testid="submit-transfer"]');
    const decimals = page.locator('.field__error[data-field="amount"]');
    await decimals.waitFor();
    expect(await decimals.textContent()).toBe(
      errorText('id', 'tooManyDecimals').replace('{{decimals}}', '6'),
    );
    expect(await page.locator('[data-testid="confirm-transfer"]').isVisible()).toBe(false);
    // The locale's decimal comma: 30,123456 is thirty and a bit in id, sent as 30.123456.
    await page.fill('[data-testid="transfer-amount"]', '30,123456');
    await page.click('[data-testid="submit-transfer"]');
    await page.waitForSelector('[data-testid="confirm-transfer"]');
    expect(await text(page, '[data-testid="confirm-amount"]')).toBe('30,123456 USDT');
    await page.dblclick('[data-testid="confirm-transfer"]');
    await page.waitForSelector('[data-testid="confirm-transfer"]', { state: 'hidden' });

    // The history shows it, the form is ready for the next one and the balance went down.
    await waitText(
      page,
      '[data-testid="transfer-record"] [data-testid="transfer-record-amount"]',
      '30,123456',
    );
    expect(await page.locator('[data-testid="transfer-record"]').count()).toBe(2);
    expect(await page.inputValue('[data-testid="transfer-amount"]')).toBe('');
    // The balance at USDT's display decimals, floored; a tap shows the exact ledger value.
    await waitText(page, '[data-testid="transfer-available"]', '59,87 USDT');
    const exact = page.locator('[data-testid="transfer-available"] button');
    expect(await exact.getAttribute('aria-pressed')).toBe('false');
    await exact.click();
    expect(await text(page, '[data-testid="transfer-available"]')).toBe('59,876544 USDT');
    expect(await exact.getAttribute('aria-pressed')).toBe('true');

    // Both accounts on the assets page.
    await open(page, env.server.origin, '/pages/assets/assets', '[data-testid="holding-list"]');
    await waitText(page, holding('USDT', 'available'), '59,87');
    await page.click('[data-testid="account-tab-lever"]');
    await page.waitForSelector('[data-testid="account-panel"][data-account="lever"]');
    await waitText(page, holding('USDT', 'available'), '30,12');
    expect(await text(page, '[data-testid="account-estimate"]')).toBe('≈ 30,12 USDT');

    // The account detail page lists the lever side of the transfer.
    await page.click('[data-testid="account-details"]');
    await page.waitForSelector('[data-testid="account-summary"][data-account="lever"]');
    await page.waitForSelector('[data-testid="journal-line"][data-kind="transfer"]');
    expect(await text(page, '[data-testid="journal-line"] [data-testid="journal-amount"]')).toContain(
      '+30,12',
    );

    // Income and expenses, filtered by account: only lever lines, the transfer as income with its sign.
    await open(page, env.server.origin, '/pages/assets/assetsIncome', '[data-testid="journal-list"]');
    expect(await page.locator('[data-testid="journal-line"][data-account="spot"]').count()).toBeGreaterThan(
      0,
    );
    await page.selectOption('[data-testid="filter-account"]', 'lever');
    await page.waitForURL(/account=lever/);
    await page.waitForFunction(() => {
      const lines = [...document.querySelectorAll('[data-testid="journal-line"]')];
      return lines.length > 0 && lines.every((l) => l.getAttribute('data-account') === 'lever');
    });
    const lever = page.locator('[data-testid="journal-line"]');
    expect(await lever.count()).toBe(1);
    expect(await lever.first().getAttribute('data-kind')).toBe('transfer');
    expect(await text(page, '[data-testid="journal-amount"]')).toContain('+30,12');
    expect(await text(page, '[data-testid="journal-after"]')).toBe('30,12');
    await page.click('[data-testid="journal-amount"] button');
    expect(await text(page, '[data-testid="journal-amount"]')).toContain('+30,123456');
    // A filter with no match says so and offers to show everything again.
    await page.selectOption('[data-testid="filter-account"]', 'second');
    await page.waitForSelector('[data-testid="journal-empty"]');
    await page.click('[data-testid="clear-filters"]');
    await page.waitForSelector('[data-testid="journal-line"][data-account="spot"]');

    expect(errors).toEqual([]);
    expect(await violations(env.server.dataDir)).toEqual([]);
    await context.close();
  });

  it('shows a refused transfer next to the amount in the user’s language and keeps what was typed', async () => {
    const grant = await registerUser(env.server.origin);
    await fund(env.server.dataDir, grant.user.id, 'USDT', '5');
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, env.server.origin, grant);

    await open(
      page,
      env.server.origin,
      '/pages/assets/transfer?from=spot&coin=USDT',
      '[data-testid="transfer-form"]',
    );
    await waitText(page, '[data-testid="transfer-available"]', '5,00 USDT');
    await page.fill('[data-testid="transfer-amount"]', '6');
    await page.fill('[data-testid="transfer-remark"]', 'rent');
    await page.click('[data-testid="submit-transfer"]');
    await page.click('[data-testid="confirm-transfer"]');
    const error = page.locator('.field__error[data-field="amount"]');
    await error.waitFor();
    // The app starts in the default language (id); the server's refusal is shown in it.
    expect(await error.textContent()).toBe(errorText('id', 'insufficientBalance'));
    expect(await page.inputValue('[data-testid="transfer-amount"]')).toBe('6');
    expect(await page.inputValue('[data-testid="transfer-remark"]')).toBe('rent');
    expect(await page.locator('[data-testid="transfer-record"]').count()).toBe(0);

    // A remark naming a coin is refused before anything is sent.
    await page.fill('[data-testid="transfer-amount"]', '1');
    await page.fill('[data-testid="transfer-remark"]', 'for my btc');
    await page.click('[data-testid="submit-transfer"]');
    const remark = page.locator('.field__error[data-field="remark"]');
    await remark.waitFor();
    expect(await remark.textContent()).toBe(errorText('id', 'transferRemarkCoin'));
    expect(await page.locator('[data-testid="confirm-transfer"]').isVisible()).toBe(false);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('binds a bank card with the trade password and unbinds a withdrawal address', async () => {
    const grant = await registerUser(env.server.origin);
    const { account } = grant.user;
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, env.server.origin, grant);

    const fillCard = async (cardNumber: string) => {
      await page.fill('[data-testid="card-bank"]', 'Bank Central Asia');
      await page.fill('[data-testid="card-branch"]', 'Jakarta Sudirman');
      await page.fill('[data-testid="card-number"]', cardNumber);
      await page.fill('[data-testid="card-holder"]', 'Ann Lee');
    };

    // The form checks the card like the server does, before asking anything.
    await open(page, env.server.origin, '/pages/mine/card', '[data-testid="card-form"]');
    await fillCard('1234');
    await page.click('[data-testid="card-submit"]');
    const numberError = page.locator('.field__error[data-field="cardNumber"]');
    await numberError.waitFor();
    expect(await numberError.textContent()).toBe(errorText('id', 'cardNumberFormat'));

    // Without a trade password, the spec §8 prompt offers to set one.
    await page.fill('[data-testid="card-number"]', '6222 0200 1234 5678');
    await page.click('[data-testid="card-submit"]');
    const prompt = page.locator('dialog[open]', { hasText: errorText('id', 'noTradePassword') });
    await prompt.waitFor();
    await prompt.locator('.btn--ghost').click();

    const tradeCode = await codeFor(env.server.origin, account, 'tradePwd');
    const set = await callApi(
      env.server.origin,
      'user/tradePwd',
      { code: tradeCode, password: TRADE_PASSWORD, confirm: TRADE_PASSWORD },
      { token: grant.token },
    );
    expect(set.body?.code).toBe(200);

    // With one set (elsewhere), binding asks for it; a wrong one is said in the dialog.
    await page.click('[data-testid="card-submit"]');
    await page.fill('[data-testid="trade-password-input"]', 'Wrong999');
    await page.click('[data-testid="trade-password-confirm"]');
    const pwError = page.locator('dialog[open] .field__error[data-field="tradePassword"]');
    await pwError.waitFor();
    expect(await pwError.textContent()).toBe(errorText('id', 'incorrectTradePassword'));
    await page.fill('[data-testid="trade-password-input"]', TRADE_PASSWORD);
    await page.click('[data-testid="trade-password-confirm"]');
    await waitText(page, '[data-testid="card-masked"]', '**** 5678');

    // A bound address is listed and can be unbound after a confirmation.
    const bindCode = await codeFor(env.server.origin, account, 'bind');
    const bound = await callApi(
      env.server.origin,
      'assets/bindAddress',
      { coin: 'USDT', chain: 'TRC20', address: TRC20_ADDRESS, label: 'Ledger', code: bindCode },
      { token: grant.token },
    );
    expect(bound.body?.code).toBe(200);
    // Same route: the hash does not change, so reload to load the page again.
    await page.reload();
    await page.waitForSelector('[data-testid="bound-address"]');
    expect(await text(page, '[data-testid="bound-address"] .mono')).toBe(TRC20_ADDRESS);
    await page.click('[data-testid="unbind-address"]');
    await page.click('dialog[open] .btn--primary');
    await page.waitForSelector('[data-testid="addresses-empty"]');
    expect(await page.getAttribute('[data-testid="bind-address"]', 'href')).toContain(
      '/pages/assets/mention',
    );

    expect(errors).toEqual([]);
    await context.close();
  });
});
