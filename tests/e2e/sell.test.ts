// Quick sell in Chromium at 390×844: the live estimate, the server's quote counting down, the
// confirmation in the summary dialog, the sale in the records with its fills; a quote that runs
// out says so and offers a new one. SELL_SHOTS=<dir> keeps screenshots (en, id, zh; dark and light).
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../domain/locale';
import { QUOTE_TTL_MS } from '../../domain/sell-rules';
import { PHONE, appUrl, login, serverAndBrowser, setPrefs, shot } from '../support/e2e';
import { accountBalance, fund } from '../support/assets';
import { bid, newUser, startSellServer } from '../support/sell';
import { registerUser } from '../support/accounts';

const SHOTS = process.env.SELL_SHOTS;

describe('quick sell', () => {
  const env = serverAndBrowser(startSellServer);

  it('sells at an exact quote with its countdown, and lists the sale with its fills', async () => {
    const { origin, dataDir } = env.server;
    const buyer = await newUser(env.server, { USDT: '1000000' });
    await bid(origin, buyer, '60000', '0.01');
    await bid(origin, buyer, '59900', '1');
    const me = await registerUser(origin);
    await fund(dataDir, me.user.id, 'BTC', '0.5');
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await login(page, origin, me);
    await setPrefs(page, origin, { lang: 'en' });
    await page.goto(appUrl(origin, '/pages/sell/sell?coin=BTC'));
    await page.getByTestId('sell-qty').waitFor();
    await expect.poll(() => page.getByTestId('sell-available').textContent()).toContain('0.5');

    await page.getByTestId('sell-qty').fill('0.02');
    // The worker's estimate from the live book, by the server's rule: 600 + 599 less 0.1 %.
    await expect.poll(() => page.getByTestId('estimate-received').textContent()).toContain('1,197.80');
    await shot(page, SHOTS, 'sell-estimate-en-dark');

    await page.getByTestId('sell-get-quote').click();
    const countdown = page.getByTestId('sell-countdown');
    await countdown.waitFor();
    const first = await countdown.textContent();
    expect(first).toMatch(/Valid for \d+ s/);
    expect(await page.getByTestId('quote-received').textContent()).toContain('1,197.80');
    // It counts down.
    await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first);
    await shot(page, SHOTS, 'sell-quote-en-dark');

    await page.getByTestId('slippage-1').click();
    await page.getByTestId('sell-review').click();
    await page.getByTestId('confirm-sell').waitFor();
    expect(await page.getByTestId('confirm-bound').textContent()).toContain('59,301.00');
    expect(await page.getByTestId('confirm-received').textContent()).toContain('1,197.80');
    await shot(page, SHOTS, 'sell-confirm-en-dark', { settleMs: 300 });
    await page.getByTestId('confirm-sell').click();
    await page.getByTestId('sell-get-quote').waitFor();
    expect(await page.getByTestId('sell-qty').inputValue()).toBe('');
    await expect
      .poll(async () => (await accountBalance(dataDir, me.user.id, 'spot', 'BTC')).available)
      .toBe(48_000_000n);

    await page.getByTestId('sell-log-link').click();
    const record = page.getByTestId('sell-record');
    await record.waitFor();
    expect(await record.getByTestId('record-received').textContent()).toContain('1,197.80');
    await record.getByTestId('record-fills').click();
    expect(await record.getByTestId('record-fill').count()).toBe(2);
    await shot(page, SHOTS, 'sell-record-en-dark', { fullPage: true });

    // Offline, the records are the device's last copy, dated.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('sell-qty').waitFor();
    await context.setOffline(true);
    await page.getByTestId('sell-log-link').click();
    await page.getByTestId('sell-log-as-of').waitFor();
    expect(await page.getByTestId('sell-record').count()).toBe(1);
    await context.close();
  });

  it('shows a quote running out and offers a new one', async () => {
    const { origin, dataDir } = env.server;
    const buyer = await newUser(env.server, { USDT: '1000000' });
    await bid(origin, buyer, '60000', '1');
    const me = await registerUser(origin);
    await fund(dataDir, me.user.id, 'BTC', '1');
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await login(page, origin, me);
    await setPrefs(page, origin, { lang: 'en' });
    await page.goto(appUrl(origin, '/pages/sell/sell'));
    await page.getByTestId('sell-qty').fill('0.1');
    await page.getByTestId('sell-get-quote').click();
    await page.getByTestId('sell-countdown').waitFor();
    expect(await page.getByTestId('sell-countdown').textContent()).toMatch(/Valid for (9|10) s/);
    // The countdown runs to the end of the quote's time; then the sell button is gone.
    await expect
      .poll(() => page.getByTestId('sell-countdown').textContent(), { timeout: QUOTE_TTL_MS + 3_000 })
      .toBe('Quote expired');
    expect(await page.getByTestId('sell-review').count()).toBe(0);
    await shot(page, SHOTS, 'sell-expired-en-dark');
    await page.getByTestId('sell-requote').click();
    await expect.poll(() => page.getByTestId('sell-countdown').textContent()).toMatch(/Valid for \d+ s/);
    await context.close();
  });

  it.skipIf(!SHOTS)('looks right in id and zh, dark and light (screenshots)', async () => {
    const { origin, dataDir } = env.server;
    const buyer = await newUser(env.server, { USDT: '1000000' });
    await bid(origin, buyer, '60000', '1');
    const me = await registerUser(origin);
    await fund(dataDir, me.user.id, 'BTC', '1');
    for (const lang of ['en', 'id', 'zh'] as Lang[]) {
      for (const theme of ['dark', 'light'] as const) {
        const context = await env.browser.newContext(PHONE);
        const page = await context.newPage();
        await login(page, origin, me);
        await setPrefs(page, origin, { lang, theme });
        await page.goto(appUrl(origin, '/pages/sell/sell'));
        // The sign-in toast would cover the top of the page.
        await page.addStyleTag({ content: '[data-sonner-toaster] { display: none !important; }' });
        await page.getByTestId('sell-qty').fill('0.1');
        await page.getByTestId('estimate-received').waitFor();
        await shot(page, SHOTS, `sell-form-${lang}-${theme}`);
        await page.getByTestId('sell-get-quote').click();
        await page.getByTestId('sell-countdown').waitFor();
        await shot(page, SHOTS, `sell-quote-${lang}-${theme}`);
        await page.getByTestId('sell-review').click();
        await page.getByTestId('confirm-sell').waitFor();
        await shot(page, SHOTS, `sell-confirm-${lang}-${theme}`, { settleMs: 300 });
        await page.getByTestId('confirm-sell').click();
        await page.getByTestId('sell-get-quote').waitFor();
        await page.getByTestId('sell-log-link').click();
        await page.getByTestId('sell-record').first().waitFor();
        await page.addStyleTag({ content: '[data-sonner-toaster] { display: none !important; }' });
        await page.getByTestId('record-fills').first().click();
        await shot(page, SHOTS, `sell-log-${lang}-${theme}`);
        await context.close();
      }
    }
  });
});
