// Lock-up in a real browser: pick a product, see the exact estimated income before confirming, lock
// from the finance account in the summary dialog, and find the position in the list; a lock below
// the minimum is refused next to the amount, which stays as typed.
import { describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts';
import { fund } from '../support/assets';
import { OPS_TOKEN } from '../support/bank';
import { appUrl, login, PHONE, serverAndBrowser } from '../support/e2e';
import { startTestServer } from '../support/server';

describe('lock-up mining', () => {
  // Demo mode: the catalog's demo products (USDT 7 days at 0.05 % a day, minimum 100) and reserve.
  const env = serverAndBrowser(() => startTestServer({ operatorToken: OPS_TOKEN, simMarket: false }));

  it('locks an amount after an exact preview and shows the position', async () => {
    const me = await registerUser(env.server.origin);
    await fund(env.server.dataDir, me.user.id, 'USDT', '1000', 'finance');
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await login(page, env.server.origin, me.user.account);
    await page.goto(appUrl(env.server.origin, '/pages/lockming/index'));
    const product = page.locator('[data-testid="lockming-product"][data-kind="lock"]').first();
    await product.waitFor();
    await product.getByTestId('lockming-pick').click();
    await page.getByTestId('lockming-form').waitFor();

    // Below the minimum: refused inline, nothing sent, the amount kept.
    await page.getByTestId('lockming-amount').fill('50');
    await page.locator('[data-testid="lockming-form"] button[type=submit]').click();
    await page.locator('[data-field="amount"]').waitFor();
    expect(await page.getByTestId('lockming-amount').inputValue()).toBe('50');

    // 150 × 0.0005 = 0.075 a day, × 7 days = 0.525 (shown at USDT's 2 display decimals, in the default language id): what the server will promise.
    await page.getByTestId('lockming-amount').fill('150');
    await expect.poll(() => page.getByTestId('lockming-preview-income').textContent()).toContain('0,52');
    expect(await page.getByTestId('lockming-preview-payouts').textContent()).toBe('7');
    await page.locator('[data-testid="lockming-form"] button[type=submit]').click();
    await page.getByTestId('lockming-confirm').waitFor();
    expect(await page.getByTestId('confirm-income').textContent()).toContain('0,52');
    await page.getByTestId('lockming-confirm').click();

    await page.waitForURL(/#\/pages\/lockming\/list$/);
    const position = page.locator('[data-testid="lockming-position"][data-status="locking"]');
    await position.waitFor();
    expect(await position.getByTestId('position-amount').textContent()).toContain('150');
    expect(await position.getByTestId('position-payouts').textContent()).toBe('0 / 7');
    await context.close();
  });
});
