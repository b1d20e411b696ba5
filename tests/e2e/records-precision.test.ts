import { describe, expect, it } from 'vitest';
import { dataOf, fund } from '../support/assets';
import { lever, openOrder, spotPair, startLeverServer } from '../support/lever';
import { merchant, publish } from '../support/legal';
import { registerUser } from '../support/accounts';
import { PHONE, open, pageErrors, serverAndBrowser, login } from '../support/e2e';

// Issue 29: the records of a contract showed raw ledger keys (`lever.open`) as titles, had no contract
// types in the filter, and rounded the released margin away from zero ("+6.43" frozen, "-6.44" back).
describe('income records of a contract', () => {
  const env = serverAndBrowser(() => startLeverServer());

  it('name every kind, filter by contract kinds, and show a margin frozen and released with the same digits', async () => {
    // 1 hand of 0.001 BTC at 64,321.59 and 10×: a margin of 6.432159 USDT and a fee of 0.03216079.
    const trade = await spotPair(env.server);
    await trade('BTC/USDT', '64321.59', '0.01');
    const grant = await registerUser(env.server.origin);
    await fund(env.server.dataDir, grant.user.id, 'USDT', '100', 'lever');
    const me = { id: grant.user.id, token: grant.token };
    const order = await openOrder(env.server, me, { hands: 1 });
    dataOf(await lever(env.server, me, 'lever/close', { id: order.id }));

    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, env.server.origin, grant.user.account);
    await open(page, env.server.origin, '/pages/assets/assetsIncome', '[data-testid="journal-list"]');

    // Titles in the reader's language (id), never the ledger's key.
    const title = (kind: string) =>
      page
        .locator(`[data-testid="journal-line"][data-kind="${kind}"] .journal-line__kind`)
        .first()
        .textContent();
    expect(await title('lever.open')).toBe('Kontrak: buka pasar');
    expect(await title('lever.close')).toBe('Kontrak: tutup manual');
    const amounts = (kind: string) =>
      page
        .locator(`[data-testid="journal-line"][data-kind="${kind}"] [data-testid="journal-amount"] .amount`)
        .allTextContents();
    // Frozen +6.432159 and released −6.432159 show the same floored magnitude; the debit of margin and
    // fee (6.46431979) is never shown as more than was taken.
    expect((await amounts('lever.open')).sort()).toEqual(['+6,43', '-6,46']);
    expect(await amounts('lever.close')).toContain('-6,43');

    // The type filter lists the contract kinds under the contract account, and asks the server for one.
    const contract = page.locator('[data-testid="filter-kind"] optgroup[label="Kontrak"] option');
    expect(await contract.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      'lever.open',
      'lever.entrust',
      'lever.limitEntry',
      'lever.cancel',
      'lever.close',
      'lever.batchClose',
      'lever.tp',
      'lever.sl',
      'lever.liquidation',
      'lever.overnightFee',
    ]);
    expect(await page.locator('[data-testid="filter-kind"] optgroup[label="Fiat"] option').count()).toBe(5);
    await page.selectOption('[data-testid="filter-kind"]', 'lever.close');
    // The list empties while the filtered page loads: wait for lines, all of the chosen kind.
    await page.waitForFunction(() => {
      const lines = [...document.querySelectorAll('[data-testid="journal-line"]')];
      return lines.length > 0 && lines.every((l) => (l as HTMLElement).dataset.kind === 'lever.close');
    });
    expect(await page.locator('[data-testid="journal-line"]').count()).toBeGreaterThan(0);
    // A kind written in camel case is a kind the server accepts as a filter (it refused upper case).
    await page.selectOption('[data-testid="filter-kind"]', 'lever.batchClose');
    await page.waitForSelector('[data-testid="journal-empty"]');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('write P2P ads with the currency of their limits and coin amounts at the coin’s display decimals', async () => {
    const m = await merchant(env.server.origin, env.server.dataDir, '800');
    await publish(env.server.origin, m, { price: '7.05', total: '300', min: '10', max: '500' });
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, env.server.origin, m.account);
    // The merchant's own ad wrote "10,00–500,00" without a currency and "300 / 300" without decimals.
    await open(page, env.server.origin, '/pages/legal/store', '[data-testid="my-ad"]');
    const mine = async (id: string) => ((await page.textContent(`[data-testid="${id}"]`)) ?? '').trim();
    expect(await mine('my-ad-limits')).toBe('10,00–500,00 CNY');
    expect(await mine('my-ad-remaining')).toBe('300,00 / 300,00 USDT');
    await open(page, env.server.origin, '/pages/legal/legal?currency=CNY', '[data-testid="legal-ad"]');
    expect(await mine('ad-available')).toBe('300,00 USDT');
    expect(errors).toEqual([]);
    await context.close();
  });
});
