// Issue 29, on the production build: the coin-listing applications (/pages/ieo/link), the bank
// deposits and one deposit order (/pages/assets/chargedone), the withdrawal form's fee and limits
// (/pages/assets/mention), a merchant's shop (/pages/legal/storeUser) and a P2P order's chat, visited
// once online, render their saved content offline, dated, with no spinner left running and no error
// toast; their network actions are disabled and say so; and back online the listing page shows what
// changed meanwhile by itself. Before, each of them was read with a plain call: offline a spinner, a
// "not found" or an empty chat, and a toast.
//
// "Offline" is a cut TCP link plus `context.setOffline`, as in offline-pages.test.ts.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankDeposit } from '../../domain';
import type { LegalOrder } from '../../domain/legal';
import { callApi } from '../support/api';
import { dataOf, fund } from '../support/assets';
import { TERMS, bankDeposit, depositor } from '../support/bank';
import { as, merchant, publish, startLegalServer, take } from '../support/legal';
import { ADDR, bindAddress } from '../support/withdrawals';
import { openNetworkLink, type NetworkLink } from './network-link';
import {
  PHONE,
  open,
  pageErrors,
  waitForServiceWorker,
  serverAndBrowser,
  login,
  shot,
  text,
  reloadAt,
} from '../support/e2e';

/** Set to a directory to keep screenshots of the offline pages. */
const SHOTS = process.env.OFFLINE_SHOTS_DIR;
/** The app's default language (id) texts of the offline notes. */
const OFFLINE = (
  JSON.parse(fs.readFileSync('locales/id/common.json', 'utf8')) as { offline: Record<string, string> }
).offline;
const TOAST = '[data-sonner-toast]';

/** A coin-listing application with valid fields. */
const listing = (project: string) => ({
  project,
  symbol: project.slice(0, 4).toUpperCase(),
  chain: 'TRC20',
  contract: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF',
  website: 'https://acme.example',
  contact: 'team@acme.example',
  description: '',
});

describe('offline listing, bank deposits, withdrawal terms, shop and order chat', () => {
  const env = serverAndBrowser(() => startLegalServer({ catalog: { bankDeposit: TERMS } }));
  let link: NetworkLink;
  let user: Awaited<ReturnType<typeof depositor>>;
  let deposit: BankDeposit;
  let shopId: number;
  let order: LegalOrder;
  beforeAll(async () => {
    link = await openNetworkLink(env.server.origin);
    const origin = env.server.origin;
    // One user with something on each page: an application, a bank deposit in review, a bound
    // withdrawal address with USDT to send, and a P2P order with one message.
    user = await depositor(origin);
    dataOf(await callApi(origin, 'listing/apply', listing('Acme Network'), { token: user.token }));
    deposit = dataOf<BankDeposit>(await bankDeposit(origin, user.token, { proofId: user.proofId }));
    await fund(env.server.dataDir, user.id, 'USDT', '100');
    await bindAddress(origin, user, 'USDT', 'TRC20', ADDR.TRC20);
    const shop = await merchant(origin, env.server.dataDir);
    shopId = shop.id;
    const ad = await publish(origin, shop);
    order = await take(origin, user, ad.id, 'amount', '100');
    dataOf(await as(origin, user, 'legal/messageSend', { id: order.id, text: 'Paid by bank' }));
  });
  afterAll(async () => {
    await link?.close();
  });

  /** The pages checked: route, what must show, and the dated note. */
  const pages = () => [
    { route: '/pages/ieo/link', ready: '[data-testid="listing-item"]', asOf: 'listing-as-of' },
    {
      route: '/pages/assets/chargedone',
      ready: '[data-testid="bank-deposit-card"]',
      asOf: 'bank-deposits-as-of',
    },
    {
      route: `/pages/assets/chargedone?id=${deposit.id}`,
      ready: '[data-testid="order-credit"]',
      asOf: 'bank-deposit-as-of',
    },
    {
      route: '/pages/assets/mention?coin=USDT&chain=TRC20',
      ready: '[data-testid="withdraw-fee"]',
      asOf: 'withdraw-info-as-of',
    },
    // The shop's note is the fiat pages' own "shown from" (no data-source).
    { route: `/pages/legal/storeUser?id=${shopId}`, ready: '[data-testid="legal-ad"]', asOf: 'legal-cached' },
    { route: `/pages/legal/orderDetail?id=${order.id}`, ready: '.legal-chat__msg', asOf: 'chat-as-of' },
  ];

  it('after one visit, each page reloads offline with its saved content, dated, quiet, actions disabled', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await open(page, link.origin, '/', '[data-testid="hot-tile"], .screen');
    await waitForServiceWorker(page);
    await login(page, link.origin, user.account);

    const online: Record<string, string[]> = {};
    for (const p of pages()) {
      await reloadAt(page, link.origin, p.route, p.ready);
      online[p.route] = await page.locator(p.ready).allTextContents();
    }

    await link.set(context, false);
    for (const p of pages()) {
      await reloadAt(page, link.origin, p.route, `[data-testid="${p.asOf}"]`);
      await page.waitForSelector(p.ready, { timeout: 10_000 });
      const source = await page.getAttribute(`[data-testid="${p.asOf}"]`, 'data-source');
      if (p.asOf !== 'legal-cached') expect(source, p.route).toBe('cache');
      // The same items (fee, ads, messages …) as online.
      expect(await page.locator(p.ready).allTextContents(), p.route).toEqual(online[p.route]);
      // No spinner that never ends and no error toast over the saved view.
      await page.waitForTimeout(1_000);
      expect(await page.locator('.spinner').count(), p.route).toBe(0);
      expect(await page.locator(TOAST).allTextContents(), p.route).toEqual([]);
      await shot(page, SHOTS, `offline-${p.asOf}`, { fullPage: true });
    }

    // Network actions are disabled and say why.
    const needs = async (selector: string) => {
      expect(await page.isDisabled(selector), selector).toBe(true);
      expect(await text(page, selector), selector).toBe(OFFLINE.needsNetwork);
    };
    await reloadAt(page, link.origin, '/pages/ieo/link', '[data-testid="listing-as-of"]');
    await needs('[data-testid="listing-form"] button[type=submit]');
    await reloadAt(
      page,
      link.origin,
      '/pages/assets/mention?coin=USDT&chain=TRC20',
      '[data-testid="withdraw-fee"]',
    );
    await needs('[data-testid="withdraw-submit"]');
    await reloadAt(
      page,
      link.origin,
      `/pages/assets/chargedone?id=${deposit.id}`,
      '[data-testid="bank-order"]',
    );
    await needs('[data-testid="order-refresh"]');
    await reloadAt(page, link.origin, `/pages/legal/storeUser?id=${shopId}`, '[data-testid="legal-ad"]');
    expect(await page.isDisabled('[data-testid="ad-take"] >> nth=0')).toBe(true);
    expect(await text(page, '[data-testid="store-needs-network"]')).toBe(OFFLINE.needsNetwork);
    await reloadAt(page, link.origin, `/pages/legal/orderDetail?id=${order.id}`, '.legal-chat__msg');
    await needs('[data-testid="chat-send"]');

    await link.set(context, true);
    expect(errors).toEqual([]);
    await context.close();
    // Six pages online, then offline, each a fresh document: about a minute on a busy 2-core machine.
  }, 240_000);

  it('a page left open offline recovers by itself on reconnect', async () => {
    // Online again even when the test before failed while offline.
    await link.set(null, true);
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await open(page, link.origin, '/', '[data-testid="hot-tile"], .screen');
    await waitForServiceWorker(page);
    await login(page, link.origin, user.account);
    await reloadAt(page, link.origin, '/pages/ieo/link', '[data-testid="listing-item"]');
    const before = await page.locator('[data-testid="listing-item"]').count();

    await link.set(context, false);
    await reloadAt(page, link.origin, '/pages/ieo/link', '[data-testid="listing-as-of"]');
    // Meanwhile, from another device: a second application.
    dataOf(await callApi(env.server.origin, 'listing/apply', listing('Second Chain'), { token: user.token }));
    await page.waitForTimeout(1_000);
    expect(await page.locator('[data-testid="listing-item"]').count()).toBe(before);

    await link.set(context, true);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="listing-item"]').length === n,
      before + 1,
      { timeout: 10_000 },
    );
    await page.waitForSelector('[data-testid="listing-as-of"]', { state: 'detached', timeout: 5_000 });
    await context.close();
  }, 120_000);
});
