// Issue 29, on the production build: the contract page, the contract orders, the fiat balance log,
// the payment methods, the live stream, the bank card, the bound addresses, the team members and
// the timed options' history, visited once online, render their saved content offline, dated (the
// saved time, not "updated now"), with no spinner left running and no error toast (before, the
// contract page spun for good, the order list only raised a toast and the others said "no
// network"); and a take-profit that closes a position tells the user on whatever page they are,
// and the order history names the rule.
//
// "Offline" is a cut TCP link plus `context.setOffline`, as in offline-pages.test.ts.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeverOrder, SessionGrant } from '../../domain';
import { callApi } from '../support/api';
import { call, dataOf } from '../support/assets';
import { lever, openOrder, spotPair, startLeverServer } from '../support/lever';
import { openNetworkLink, type NetworkLink } from './network-link';
import {
  PHONE,
  open,
  pageErrors,
  waitForServiceWorker,
  serverAndBrowser,
  login,
  DEMO,
  shot,
  reloadAt,
} from '../support/e2e';

/** Set to a directory to keep screenshots of the offline pages. */
const SHOTS = process.env.OFFLINE_SHOTS_DIR;
const json = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
/** The app's default language (id) texts. */
const COMMON = json('locales/id/common.json') as { offline: Record<string, string> };
/** "Per 10.57" ("As of 10:57" in id): the saved time, as in offline-pages.test.ts. */
const AS_OF = new RegExp(
  `^${COMMON.offline.asOf!.replace('{{time}}', '(\\S+ \\d{1,2},? )?\\d{2}[.:]\\d{2}')}$`,
);
const LEVER = json('locales/id/lever.json') as {
  rule: Record<string, string>;
  side: Record<string, string>;
  notice: Record<string, string>;
};

/** The pages checked: route, what must show, the dated note, and what is compared online/offline. */
const PAGES = [
  {
    route: '/pages/lever/lever?symbol=BTC/USDT',
    ready: '[data-testid="lever-position"]',
    asOf: 'positions-as-of',
  },
  { route: '/pages/lever/orderList', ready: '[data-testid="lever-order"]', asOf: 'lever-orders-as-of' },
  {
    route: '/pages/legal/transactionRecord',
    ready: '[data-testid="legal-log-line"]',
    asOf: 'legal-log-as-of',
  },
  { route: '/pages/mine/collect_money', ready: '[data-testid="method"]', asOf: 'methods-as-of' },
  { route: '/pages/zhibo/zhibo', ready: '[data-testid="live-none"]', asOf: 'live-as-of' },
  // The bank card (none bound: the form) and the bound addresses (none: the empty note).
  { route: '/pages/mine/card', ready: '[data-testid="card-form"]', asOf: 'card-as-of' },
  {
    route: '/pages/mine/card',
    ready: '[data-testid="addresses-empty"], [data-testid="bound-address"]',
    asOf: 'addresses-as-of',
  },
  // The invitation page's member list (none yet: the empty note).
  {
    route: '/pages/mine/invite',
    ready: '[data-testid="team-empty"], [data-testid="team-members"]',
    asOf: 'team-as-of',
  },
  // The timed options' history (none yet: the empty note).
  {
    route: '/pages/market/second?symbol=BTC/USDT',
    ready: '[data-testid="history-empty"], [data-testid="history-list"]',
    asOf: 'history-as-of',
  },
] as const;

describe('offline contract, fiat and live pages; take-profit notice', () => {
  const env = serverAndBrowser(() => startLeverServer());
  let link: NetworkLink;
  let demo: { id: number; token: string };
  let trade: Awaited<ReturnType<typeof spotPair>>;
  beforeAll(async () => {
    link = await openNetworkLink(env.server.origin);
    const grant = (
      await callApi(env.server.origin, 'user/login', { account: DEMO.email, password: DEMO.password })
    ).body.message as SessionGrant;
    demo = { id: grant.user.id, token: grant.token };
    trade = await spotPair(env.server);
    await trade('BTC/USDT', '64000.00', '0.01');
    // Something in each list: a closed and an open position, a fiat log line, a payment method.
    const closed = await openOrder(env.server, demo, {});
    dataOf(await lever(env.server, demo, 'lever/tpsl', { id: closed.id, tp: '64500' }));
    await trade('BTC/USDT', '64600.00', '0.01');
    await openOrder(env.server, demo, {});
    dataOf(
      await call(env.server.origin, 'assets/transfer', demo.token, {
        from: 'spot',
        to: 'legal',
        coin: 'USDT',
        amount: '25',
      }),
    );
    dataOf(
      await call(env.server.origin, 'legal/methodSave', demo.token, {
        kind: 'bank',
        realName: 'Demo User',
        bank: 'Bank of Tests',
        cardNumber: '6222 0200 0000 1234',
      }),
    );
  });
  afterAll(async () => {
    await link?.close();
  });

  it('after one visit, each page reloads offline with its saved content, dated, and no spinner', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await open(page, link.origin, '/', '[data-testid="hot-tile"], .screen');
    await waitForServiceWorker(page);
    await login(page, link.origin);

    const online: Record<string, number> = {};
    for (const p of PAGES) {
      await reloadAt(page, link.origin, p.route, p.ready);
      online[p.asOf] = await page.locator(p.ready).count();
    }
    // The market data (catalog, tickers) is written about 2 s after it changes.
    await page.waitForTimeout(3_000);

    await link.set(context, false);
    for (const p of PAGES) {
      await reloadAt(page, link.origin, p.route, p.ready);
      const note = `[data-testid="${p.asOf}"]`;
      await page.waitForSelector(`${note}[data-source="cache"]`, { timeout: 10_000 });
      expect(await page.locator(p.ready).count(), p.route).toBe(online[p.asOf]);
      // No spinner that never ends: none is left a moment after the saved content showed.
      await page.waitForTimeout(1_000);
      expect(await page.locator('.spinner').count(), p.route).toBe(0);
      // Nor an error toast over the saved view (the bank card and invite pages raised "offline").
      expect(await page.locator('[data-sonner-toast]').allTextContents(), p.route).toEqual([]);
      await shot(page, SHOTS, `offline-${p.asOf}`, { fullPage: true });
    }
    // Copies shown from the device name the time they were saved, never "updated now" (issue 29).
    await reloadAt(page, link.origin, '/pages/mine/invite', '[data-testid="team-saved"]');
    expect((await page.textContent('[data-testid="team-saved"]'))?.trim()).toMatch(AS_OF);
    await reloadAt(page, link.origin, '/pages/market/second?symbol=BTC/USDT', '[data-testid="second-age"]');
    expect((await page.textContent('[data-testid="second-age"]'))?.trim()).toMatch(AS_OF);
    // Network actions are disabled and say why.
    await reloadAt(page, link.origin, '/pages/lever/lever?symbol=BTC/USDT', '[data-testid="lever-submit"]');
    expect(await page.isDisabled('[data-testid="lever-submit"]')).toBe(true);
    expect((await page.textContent('[data-testid="lever-submit"]'))?.trim()).toBe(
      COMMON.offline.needsNetwork,
    );
    expect(await page.isDisabled('[data-testid="lever-close"]')).toBe(true);
    await reloadAt(page, link.origin, '/pages/mine/collect_money', '[data-testid="method"]');
    expect(await page.isDisabled('[data-testid="method-add"]')).toBe(true);
    expect(await page.isDisabled('[data-testid="method-remove"]')).toBe(true);
    await reloadAt(page, link.origin, '/pages/market/second?symbol=BTC/USDT', '[data-testid="buy-up"]');
    expect(await page.isDisabled('[data-testid="buy-up"]')).toBe(true);
    expect(await page.isDisabled('[data-testid="buy-down"]')).toBe(true);
    expect((await page.textContent('[data-testid="second-needs-network"]'))?.trim()).toBe(
      COMMON.offline.needsNetwork,
    );

    await link.set(context, true);
    expect(errors).toEqual([]);
    await context.close();
    // Seven pages online, then offline, each a fresh document: about 70 s on a busy 2-core machine.
  }, 240_000);

  it('a take-profit close is told on any page, and the history names the rule', async () => {
    // Online again even when the test before failed while offline.
    await link.set(null, true);
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await login(page, link.origin);
    const long = await openOrder(env.server, demo, {});
    dataOf(await lever(env.server, demo, 'lever/tpsl', { id: long.id, tp: '65000' }));
    // A page with nothing of contracts on it.
    await open(page, link.origin, '/pages/assets/assets', '[data-testid="total-estimate"]');

    await trade('BTC/USDT', '65100.00', '0.01');
    const closed = dataOf<LeverOrder>(await lever(env.server, demo, 'lever/order', { id: long.id }));
    expect(closed.receipt?.rule).toBe('tp');
    const notice = LEVER.notice
      .closed!.replace('{{rule}}', LEVER.rule.tp!)
      .replace('{{side}}', LEVER.side.long!)
      .replace('{{symbol}}', 'BTC/USDT')
      .replace('{{multiple}}', String(long.multiple));
    const toast = page.locator('[data-sonner-toast]', { hasText: notice });
    await toast.waitFor({ timeout: 10_000 });
    await shot(page, SHOTS, `tp-notice`);

    await open(page, link.origin, '/pages/lever/orderList?status=closed', `[data-id="${long.id}"]`);
    const status = page.locator(`[data-id="${long.id}"] [data-testid="lever-order-status"]`);
    expect(await status.textContent()).toContain(LEVER.rule.tp);
    await context.close();
  });
});
