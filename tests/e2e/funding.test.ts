import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addressFormatOk, type BankDeposit, type Withdrawal } from '../../domain';
import { readOutboxCode, startTestServer } from '../support/server';
import {
  NO_TIMER_BLOCK_MS,
  OPS_TOKEN,
  TRADE_PASSWORD,
  api,
  freshUser,
  holdings,
  localeText,
  ops,
  smallPng,
  waitText,
} from './funding-support';
import { PHONE, open, pageErrors, serverAndBrowser, login } from '../support/e2e';

/** A withdrawal address in the TRON format (T + 33 base58 characters). */
const TRON_ADDRESS = 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF';
const USDT_TRC20 = '/pages/assets/charge?coin=USDT&chain=TRC20';

const depositCard = (page: Page) => page.locator('[data-testid="deposit-card"]').first();

/** Waits until the first deposit card shows `shown` confirmations and `status`. */
async function waitDeposit(page: Page, shown: string, status: string): Promise<void> {
  await page.waitForFunction(
    ([want, st]) => {
      const card = document.querySelector('[data-testid="deposit-card"]');
      return (
        card?.getAttribute('data-status') === st &&
        card.querySelector('[data-testid="deposit-confirmations"]')?.textContent?.trim() === want
      );
    },
    [shown, status] as const,
  );
}

describe('funding: deposit, transfer, withdrawal and bank deposit', () => {
  const env = serverAndBrowser(() =>
    startTestServer({ operatorToken: OPS_TOKEN, simChainBlockMs: NO_TIMER_BLOCK_MS }),
  );

  it('deposits on the simulated chain, transfers, withdraws to a bound address and adds up', async () => {
    expect(addressFormatOk('tron', TRON_ADDRESS)).toBe(true);
    const origin = env.server.origin;
    const grant = await freshUser(origin);
    const account = grant.user.account;
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, origin, account);

    // The personal address, its QR code, the confirmations rule and the demo notice.
    await open(page, origin, USDT_TRC20, '[data-testid="deposit-address"]');
    const address = (await page.textContent('[data-testid="deposit-address"]'))!.trim();
    expect(addressFormatOk('tron', address)).toBe(true);
    expect(await page.locator('[data-testid="deposit-address-card"] svg[role="img"]').count()).toBe(1);
    await page.locator('[data-testid="simulated-chain"]').waitFor();
    expect(await page.textContent('[data-testid="confirm-rule"]')).toContain('1');
    expect(await page.textContent('[data-testid="picked-coin"]')).toBe('USDT');
    expect(await page.getAttribute('[data-testid="chain-TRC20"]', 'aria-checked')).toBe('true');
    await page.locator('[data-testid="deposits-empty"]').waitFor();

    // Someone sends 500 USDT to it: seen with 0 confirmations, credited at 1, final at 6.
    await ops(origin, 'sim/deposit', { chain: 'TRC20', coin: 'USDT', amount: '500', address });
    await waitDeposit(page, '0/6', 'pending');
    // Balances at USDT's display decimals (2), in id's separators (the default language).
    await waitText(page, '[data-testid="spot-available"]', '0,00');
    await ops(origin, 'sim/mine', { chain: 'TRC20', blocks: '1' });
    await waitDeposit(page, '1/6', 'credited');
    await waitText(page, '[data-testid="spot-available"]', '500,00');
    await ops(origin, 'sim/mine', { chain: 'TRC20', blocks: '2' });
    await waitDeposit(page, '3/6', 'credited');
    await ops(origin, 'sim/mine', { chain: 'TRC20', blocks: '3' });
    await waitDeposit(page, '6/6', 'final');
    expect(await depositCard(page).textContent()).toContain('+500 USDT');

    // 100 USDT to the leverage account, on the transfer page.
    await open(page, origin, '/pages/assets/transfer?from=spot&coin=USDT', '[data-testid="transfer-form"]');
    await waitText(page, '[data-testid="transfer-available"]', '500,00 USDT');
    await page.selectOption('[data-testid="transfer-to"]', 'lever');
    await page.fill('[data-testid="transfer-amount"]', '100');
    await page.click('[data-testid="submit-transfer"]');
    await page.click('[data-testid="confirm-transfer"]');
    await page.waitForSelector('[data-testid="confirm-transfer"]', { state: 'hidden' });
    await waitText(page, '[data-testid="transfer-available"]', '400,00 USDT');

    // Withdrawal: no address bound yet, so the page says so and offers the binding form.
    await open(page, origin, '/pages/assets/mention?coin=USDT&chain=TRC20', '[data-testid="bind-form"]');
    await page.locator('[data-testid="bind-required"]').waitFor();
    expect(await page.textContent('[data-testid="bind-required"]')).toBe(
      localeText('id', 'errors', 'withdrawAddressRequired'),
    );
    await page.fill('[data-testid="bind-address"]', '0x1234');
    await page.locator('[data-testid="address-format-bad"]').waitFor();
    await page.fill('[data-testid="bind-address"]', TRON_ADDRESS);
    await page.locator('[data-testid="address-format-ok"]').waitFor();
    await page.fill('[data-testid="bind-label"]', 'cold wallet');
    await page.click('[data-testid="send-code"]');
    // Sent once the toast says so (the button is disabled already while the request is out).
    await page
      .getByText(localeText('id', 'errors', 'sentSuccess'))
      .first()
      .waitFor();
    const code = await readOutboxCode(origin, account);
    await page.fill('input[autocomplete="one-time-code"]', code);
    await page.click('[data-testid="bind-form"] button[type=submit]');
    await page.locator('[data-testid="bound-address"]').waitFor();
    expect((await page.textContent('[data-testid="bound-address"]'))!.trim()).toBe(TRON_ADDRESS);
    expect(await page.locator('[data-testid="bound-address-card"] svg[role="img"]').count()).toBe(1);
    await page
      .getByText(localeText('id', 'errors', 'bindSuccess'))
      .first()
      .waitFor();

    // The terms: 400 withdrawable, fee 1, minimum 10; 100 sends 99.
    await waitText(page, '[data-testid="withdrawable"]', '400,00 USDT');
    expect(await page.textContent('[data-testid="withdraw-fee"]')).toBe('1 USDT');
    expect(await page.textContent('[data-testid="withdraw-min"]')).toBe('10 USDT');
    expect(await page.textContent('[data-testid="withdraw-limit"]')).toBe('2.000 USDT');
    expect(await page.locator('[data-testid="kyc-hint"]').count()).toBe(1);
    // Below the minimum: refused in the form, by the same rule as the server's.
    await page.fill('[data-testid="withdraw-amount"]', '5');
    await page.click('[data-testid="withdraw-submit"]');
    await page.locator('.field__error[data-field="amount"]').waitFor();
    expect(await page.textContent('.field__error[data-field="amount"]')).toBe(
      localeText('id', 'errors', 'withdrawBelowMin'),
    );
    // More decimals than USDT has: refused with the count, as on every amount field.
    await page.fill('[data-testid="withdraw-amount"]', '10,1234567');
    await page.click('[data-testid="withdraw-submit"]');
    await page.waitForFunction(
      (want) => document.querySelector('.field__error[data-field="amount"]')?.textContent === want,
      localeText('id', 'errors', 'tooManyDecimals').replace('{{decimals}}', '6'),
    );
    // "All" fills the withdrawable amount, written the id way; then 100.
    await page.click('[data-testid="withdraw-all"]');
    // The worker floors it: the value lands a moment after the tap.
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLInputElement>('[data-testid="withdraw-amount"]')?.value === '400,000000',
    );
    await page.fill('[data-testid="withdraw-amount"]', '100');
    await waitText(page, '[data-testid="withdraw-receive"]', '99 USDT');

    // Confirm with a wrong trade password first: the dialog stays, with the problem under it.
    await page.click('[data-testid="withdraw-submit"]');
    await page.locator('[data-testid="confirm-withdraw"]').waitFor();
    await page.fill('[data-testid="withdraw-password"]', 'Wrong999');
    await page.click('[data-testid="confirm-withdraw"]');
    await page.locator('dialog[open] .field__error[data-field="tradePassword"]').waitFor();
    await page.fill('[data-testid="withdraw-password"]', TRADE_PASSWORD);
    await page.dblclick('[data-testid="confirm-withdraw"]');
    await page.locator('[data-testid="confirm-withdraw"]').waitFor({ state: 'hidden' });
    const card = page.locator('[data-testid="withdrawal-card"]');
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.first().getAttribute('data-status')).toBe('review');
    await waitText(page, '[data-testid="withdrawable"]', '300,00 USDT');
    const id = (await card.first().getAttribute('data-withdrawal-id'))!;

    // The operator pays it out with a transaction id: the history shows it without a reload.
    const txid = 'e2e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9';
    await ops<Withdrawal>(origin, 'withdrawals/approve', { id, txid });
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="withdrawal-card"]')?.getAttribute('data-status') === 'approved',
    );
    expect(await page.getAttribute('[data-testid="withdrawal-txid"]', 'data-txid')).toBe(txid);
    expect(await page.locator('[data-testid="cancel-withdrawal"]').count()).toBe(0);

    // A second request, cancelled after a confirmation: its amount is withdrawable again.
    await page.fill('[data-testid="withdraw-amount"]', '10');
    await page.click('[data-testid="withdraw-submit"]');
    await page.fill('[data-testid="withdraw-password"]', TRADE_PASSWORD);
    await page.click('[data-testid="confirm-withdraw"]');
    await page.locator('[data-testid="withdrawal-card"][data-status="review"]').waitFor();
    await waitText(page, '[data-testid="withdrawable"]', '290,00 USDT');
    await page.click('[data-testid="cancel-withdrawal"]');
    await page.click('dialog[open] .btn--primary');
    await page.locator('[data-testid="withdrawal-card"][data-status="cancelled"]').waitFor();
    await waitText(page, '[data-testid="withdrawable"]', '300,00 USDT');

    // A third, refused by the operator: the page shows the reason and the amount is unfrozen.
    await page.fill('[data-testid="withdraw-amount"]', '20');
    await page.click('[data-testid="withdraw-submit"]');
    await page.fill('[data-testid="withdraw-password"]', TRADE_PASSWORD);
    await page.click('[data-testid="confirm-withdraw"]');
    const third = page.locator('[data-testid="withdrawal-card"][data-status="review"]');
    await third.waitFor();
    await waitText(page, '[data-testid="withdrawable"]', '280,00 USDT');
    const reason = 'Address under compliance review';
    await ops<Withdrawal>(origin, 'withdrawals/reject', {
      id: (await third.getAttribute('data-withdrawal-id'))!,
      reason,
    });
    const rejected = page.locator('[data-testid="withdrawal-card"][data-status="rejected"]');
    await rejected.waitFor();
    expect(await rejected.textContent()).toContain(reason);
    await waitText(page, '[data-testid="withdrawable"]', '300,00 USDT');

    // 500 in − 100 to lever − 100 out = 300 spot; 100 lever; nothing left frozen.
    const h = await holdings(origin, grant.token, 'USDT');
    expect(Number(h.spot!.available)).toBe(300);
    expect(Number(h.spot!.frozen)).toBe(0);
    expect(Number(h.lever!.available)).toBe(100);
    const list = await api<Withdrawal[]>(origin, grant.token, 'assets/withdrawals');
    expect(list.map((w) => [w.status, w.txid, w.receive])).toEqual([
      ['rejected', null, '19.000000'],
      ['cancelled', null, '9.000000'],
      ['approved', txid, '99.000000'],
    ]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes a bank deposit with a proof image and credits it when the operator confirms', async () => {
    const origin = env.server.origin;
    const grant = await freshUser(origin);
    await api(origin, grant.token, 'user/bindCard', {
      bank: 'Bank Central',
      branch: 'Jakarta',
      cardNumber: '6222021234567890',
      holder: 'Budi Santoso',
      tradePassword: TRADE_PASSWORD,
    });
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, origin, grant.user.account);

    await open(page, origin, '/pages/assets/bankcharge', '[data-testid="bank-deposit-form"]');
    expect(await page.textContent('[data-testid="receiving-card"]')).toBe('6222020000001234567');
    expect(await page.inputValue('[data-testid="bank-payer"]')).toBe('Budi Santoso');
    await page.fill('[data-testid="bank-amount"]', '120,50');
    await waitText(page, '[data-testid="bank-credit"]', '120,5 USDT');
    await page.fill('[data-testid="bank-reference"]', 'TRX-20240501-77');
    // Submitting without the proof names it.
    await page.click('[data-testid="bank-deposit-form"] button[type=submit]');
    await page.locator('.field__error[data-field="proofId"]').waitFor();
    await page.setInputFiles('[data-testid="proof-file"]', {
      name: 'slip.png',
      mimeType: 'image/png',
      buffer: smallPng(),
    });
    await page.locator('[data-testid="proof-uploaded"]').waitFor();
    expect(await page.locator('.proof__preview').count()).toBe(1);
    await page.click('[data-testid="bank-deposit-form"] button[type=submit]');
    await page.locator('[data-testid="confirm-bank-deposit"]').waitFor();
    await page.click('[data-testid="confirm-bank-deposit"]');
    await page.waitForURL(/#\/pages\/assets\/chargedone\?id=\d+$/);

    // The order in review, with the spec §8 text, a way to support and the proof image.
    await page.locator('[data-testid="bank-order"]').waitFor();
    expect(await page.getAttribute('[data-testid="bank-order"]', 'data-status')).toBe('review');
    expect(await page.textContent('[data-testid="order-next"]')).toContain(
      localeText('id', 'errors', 'initiationSuccess'),
    );
    expect(await page.getAttribute('[data-testid="contact-support"]', 'href')).toContain('/pages/mine/kefu');
    expect(await page.textContent('[data-testid="order-credit"]')).toBe('120,5 USDT');
    await page.locator('[data-testid="proof-image"]').waitFor();
    const id = page.url().split('id=')[1]!;

    // Confirmed by the operator: the page follows, and the credit is in the spot balance.
    await ops<BankDeposit>(origin, 'bank-deposits/confirm', { id });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bank-order"]')?.getAttribute('data-status') === 'confirmed',
    );
    const h = await holdings(origin, grant.token, 'USDT');
    expect(Number(h.spot!.available)).toBe(120.5);

    // It is listed among the user's bank deposits.
    await open(page, origin, '/pages/assets/chargedone', '[data-testid="bank-deposit-list"]');
    expect(await page.getAttribute('[data-testid="bank-deposit-card"]', 'data-status')).toBe('confirmed');
    expect(errors).toEqual([]);
    await context.close();
  });
});
