// Issue 29, P2P in Chromium at 390×844 (id): selling to a merchant's buy ad is worded for the seller
// on the take dialog and on both sides of the order page; after the day's last allowed cancellation
// the Buy buttons are disabled with the reason and the time buying reopens, before any form.
import { describe, expect, it } from 'vitest';
import { dataOf } from '../support/assets';
import { verifyIdentity } from '../support/identity';
import { addBank, as, merchant, person, publish, startLegalServer, take } from '../support/legal';
import { fund } from '../support/assets';
import { localeText } from './funding-support';
import { PHONE, open, serverAndBrowser, login, text } from '../support/e2e';

/** An id text (a counted one by its `_other` form) with its `{{name}}` values filled in. */
const idText = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (s, [k, v]) => s.replaceAll(`{{${k}}}`, v),
    (localeText('id', 'legal', key) as string | undefined) ?? localeText('id', 'legal', `${key}_other`),
  );

describe('P2P words and the cancel limit (issue 29)', () => {
  const env = serverAndBrowser(() => startLegalServer());

  it('selling to a buy ad: the dialog and the order speak to the seller, the merchant is told to pay', async () => {
    const { origin } = env.server;
    const shop = await merchant(origin, env.server.dataDir, '0');
    await publish(origin, shop, { side: 'buy', total: '100' });
    const seller = await person(origin);
    await verifyIdentity(origin, seller.token, 'Li Lei');
    await addBank(origin, seller, 'Li Lei');
    await fund(env.server.dataDir, seller.id, 'USDT', '100', 'legal');

    const sctx = await env.browser.newContext(PHONE);
    const mctx = await env.browser.newContext(PHONE);
    const sp = await sctx.newPage();
    const mp = await mctx.newPage();
    await Promise.all([login(sp, origin, seller.account), login(mp, origin, shop.account)]);

    await open(sp, origin, '/pages/legal/legal?side=sell&currency=CNY', '[data-testid="legal-ad"]');
    await sp.click('[data-testid="ad-take"]');
    await sp.waitForSelector('[data-testid="take-window"]');
    const name = `Shop ${shop.id}`;
    expect(await text(sp, 'dialog[open] h2')).toBe(
      idText('take.titleSell', { coin: 'USDT', merchant: name }),
    );
    expect(await text(sp, '[data-testid="take-window"]')).toBe(
      idText('take.windowSeller', { min: '10', coin: 'USDT' }),
    );
    expect(await text(sp, '[data-testid="take-window"]')).not.toMatch(/^Bayar/);
    await sp.fill('[data-testid="take-value"]', '70');
    await sp.waitForFunction(() =>
      document.querySelector('[data-testid="quote-qty"]')?.textContent?.startsWith('10'),
    );
    await sp.click('[data-testid="take-confirm"]');
    await sp.waitForSelector('[data-testid="order-status"][data-status="pending"]');
    const id = new URL(sp.url().replace('#', '')).searchParams.get('id')!;
    expect(await text(sp, '[data-testid="order-state-name"]')).toBe(idText('stateName.seller.pending'));
    expect(await text(sp, '[data-testid="order-state-hint"]')).toBe(
      idText('order.waitBuyer', { amount: '70,00', currency: 'CNY' }),
    );
    // The merchant buys: they are the one told to pay.
    await open(mp, origin, `/pages/legal/orderDetail?id=${id}`, '[data-testid="order-status"]');
    expect(await text(mp, '[data-testid="order-state-name"]')).toBe(idText('stateName.buyer.pending'));
    expect(await text(mp, '[data-testid="order-state-hint"]')).toBe(
      idText('order.payYourself', { amount: '70,00', currency: 'CNY' }),
    );
    // Cancelled by the buyer: each side is told what it means for them.
    dataOf(await as(origin, shop, 'legal/cancel', { id }));
    await sp.waitForSelector('[data-testid="order-status"][data-status="cancelled"]');
    expect(await text(sp, '[data-testid="order-state-hint"]')).toBe(idText('state.seller.cancelled'));
    await mp.waitForSelector('[data-testid="order-status"][data-status="cancelled"]');
    expect(await text(mp, '[data-testid="order-state-hint"]')).toBe(idText('state.buyer.cancelled'));
    await sctx.close();
    await mctx.close();
  });

  it('after the third cancellation of the day, Buy is disabled with the reason and the reset time', async () => {
    const { origin } = env.server;
    const shop = await merchant(origin, env.server.dataDir, '1000');
    const ad = await publish(origin, shop, { total: '500' });
    const buyer = await person(origin);
    for (let i = 0; i < 3; i++) {
      const o = await take(origin, buyer, ad.id, 'amount', '70');
      dataOf(await as(origin, buyer, 'legal/cancel', { id: o.id }));
    }
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await login(page, origin, buyer.account);
    await open(page, origin, '/pages/legal/legal?side=buy&currency=CNY', '[data-testid="legal-ad"]');
    const note = page.locator('[data-testid="cancels-left"][data-blocked]');
    await note.waitFor();
    const prefix = idText('hall.buyBlocked', { n: '3' }).split('{{time}}')[0]!;
    const said = (await note.textContent()) ?? '';
    expect(said.startsWith(prefix)).toBe(true);
    // The time buying reopens: the next UTC midnight, in the reader's time format.
    expect(said.slice(prefix.length)).toMatch(/\d{2}[.:]\d{2}/);
    const button = page.locator('[data-testid="ad-take"]').first();
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    // Selling is not limited. The sign-in toast sits over the tabs for a few seconds, and a pointer
    // resting on it keeps it (the toaster pauses on hover): wait until it has gone, as a person would.
    await page.locator('[data-sonner-toast]').waitFor({ state: 'detached' });
    await page.click('[data-testid="legal-tab-sell"]');
    await page.waitForSelector('[data-testid="cancels-left"]', { state: 'detached' });
    await context.close();
  });
});
