import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerUser } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';
import { OPS_TOKEN, opsCall } from '../support/bank';
import { loginAs } from './funding-support';
import { PHONE, appUrl, launchBrowser } from './support';

describe('coin-listing application', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ operatorToken: OPS_TOKEN, simMarket: false }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('checks the contract per chain in the form, submits, and shows the operator decision with its reason', async () => {
    const me = await registerUser(server.origin);
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await loginAs(page, server.origin, me.user.account);
    await page.goto(appUrl(server.origin, '/pages/ieo/link'));
    await page.getByTestId('listing-form').waitFor();
    await page.getByTestId('listing-project').fill('Acme Network');
    await page.getByTestId('listing-symbol').fill('acme');
    await page.getByTestId('listing-chain').selectOption('TRC20');
    await page.getByTestId('listing-contract').fill('0x' + 'ab'.repeat(20));
    await page.getByTestId('listing-website').fill('https://acme.example');
    await page.getByTestId('listing-contact').fill('team@acme.example');
    await page.click('button[type=submit]');
    await page.locator('[data-field="contract"]').waitFor();
    await page.getByTestId('listing-contract').fill('TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF');
    await page.click('button[type=submit]');
    await page.locator('[data-testid="listing-item"][data-status="submitted"]').waitFor();
    expect(await page.getByTestId('listing-project').inputValue()).toBe('');

    const id = (await opsCall(server.origin, 'GET', 'listings', { status: 'submitted' })).body.data[0].id;
    await opsCall(server.origin, 'POST', 'listings/reject', { id, reason: 'Liquidity too low' });
    await page.reload();
    await page.locator('[data-testid="listing-item"][data-status="rejected"]').waitFor();
    expect(await page.getByTestId('listing-reason').textContent()).toContain('Liquidity too low');
    await context.close();
  });
});
