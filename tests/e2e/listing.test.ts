import { describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts';
import { startTestServer } from '../support/server';
import { OPS_TOKEN, opsCall } from '../support/bank';
import { PHONE, appUrl, serverAndBrowser, login } from '../support/e2e';

describe('coin-listing application', () => {
  const env = serverAndBrowser(() => startTestServer({ operatorToken: OPS_TOKEN, simMarket: false }));

  it('checks the contract per chain in the form, submits, and shows the operator decision with its reason', async () => {
    const me = await registerUser(env.server.origin);
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await login(page, env.server.origin, me.user.account);
    await page.goto(appUrl(env.server.origin, '/pages/ieo/link'));
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

    const id = (await opsCall(env.server.origin, 'GET', 'listings', { status: 'submitted' })).body.data[0].id;
    await opsCall(env.server.origin, 'POST', 'listings/reject', { id, reason: 'Liquidity too low' });
    await page.reload();
    await page.locator('[data-testid="listing-item"][data-status="rejected"]').waitFor();
    expect(await page.getByTestId('listing-reason').textContent()).toContain('Liquidity too low');
    await context.close();
  });
});
