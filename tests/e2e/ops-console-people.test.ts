// The console's people pages in Chromium (issue 26, phase 2): an admin finds a user by account,
// reads their balances, open order and journal (kinds named as the app names them), freezes them
// with a reason (the user's sign-in is refused) and unfreezes them; a viewer in Chinese on a phone
// sees the same user without the freeze, and the house page with the ledger's invariants holding.
// The dashboard's tiles link to their pages by path. Screenshots of each page are kept when
// PEOPLE_SHOTS names a folder (tests/e2e/ops-console-people-shots.script.ts takes the full set).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { dataOf } from '../support/assets';
import { startBankServer } from '../support/bank';
import { opsCall } from '../support/deposits';
import { pageErrors, PHONE, serverAndBrowser, shot } from '../support/e2e';
import { TEST_PASSWORD } from '../support/accounts';
import { goToPage, OPS_TEST_PASSWORD, openConsole, signInConsole } from '../support/ops-console';
import { requestWithdraw, withdrawer } from '../support/withdrawals';
import type { TestServer } from '../support/server';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const SHOTS = process.env.PEOPLE_SHOTS;

/** The app's own name of a journal kind in `lang` (locales/<lang>/assets.json). */
function appKindName(lang: string, kind: string): string {
  const file = path.join(process.cwd(), 'locales', lang, 'assets.json');
  const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as { journal: { kinds: Record<string, string> } };
  return texts.journal.kinds[kind.replace(/\./g, '_')]!;
}

/** A user with 100 USDT, a withdrawal asked for (a journal line) and an open spot buy order. */
async function busyUser(server: TestServer) {
  const u = await withdrawer(server, '100');
  dataOf(await requestWithdraw(server.origin, u));
  const order = { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001' };
  const placed = await callApi(
    server.origin,
    'trade/place',
    { ...order, clientOrderId: 'people-1' },
    {
      token: u.token,
    },
  );
  expect(placed.status, placed.text).toBe(200);
  return u;
}

/** Whether `account` can sign in to the app now. */
async function canSignIn(origin: string, account: string): Promise<boolean> {
  const reply = await callApi(origin, 'user/login', { account, password: TEST_PASSWORD });
  return reply.body?.type === 'ok';
}

/** Searches the users page for `q` and opens the only hit. */
async function openUser(page: Page, q: string): Promise<void> {
  await goToPage(page, 'users');
  await page.getByTestId('users-idle').waitFor();
  await page.getByTestId('user-query').fill(q);
  await page.getByTestId('user-search').click();
  await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
  await page.getByTestId('user-row').click();
  await page.getByTestId('user-detail').waitFor();
}

describe('operator console: users and house', () => {
  const env = serverAndBrowser(startBankServer);

  it('admin finds, reads, freezes and unfreezes a user; a viewer reads them and the house', async () => {
    const { origin } = env.server;
    const u = await busyUser(env.server);
    for (const [name, role] of [
      ['ann', 'admin'],
      ['vic', 'viewer'],
    ] as const) {
      const created = await opsCall(origin, 'operators/create', { name, role, password: OPS_TEST_PASSWORD });
      expect(created.body?.code).toBe(200);
    }

    // The admin, in English on a desktop.
    const context = await env.browser.newContext(DESKTOP);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openConsole(page, origin, { lang: 'en', theme: 'light' });
    await signInConsole(page, 'ann', OPS_TEST_PASSWORD);
    // The tiles of the queues phase 2 adds link to their pages' paths.
    for (const to of ['merchant-applications', 'appeals', 'listings', 'inbox'])
      expect(await page.locator(`a.tile[href="/ops/${to}"]`).count(), to).toBe(1);

    await openUser(page, u.account.slice(0, -1));
    await shot(page, SHOTS, 'desktop-en-light-user', { fullPage: true });
    expect(
      await page.getByTestId('user-account').evaluateAll((e) => e.map((x) => x.dataset.account)),
    ).toEqual(['spot', 'lever', 'legal', 'second', 'finance']);
    await page.locator('[data-account="spot"] [data-testid="user-balance"][data-coin="USDT"]').waitFor();
    await page.getByTestId('user-order').first().waitFor();
    const line = page.locator('[data-testid="user-journal-line"][data-kind="withdraw.freeze"]');
    expect(await line.first().getByTestId('journal-kind').textContent()).toBe(
      appKindName('en', 'withdraw.freeze'),
    );

    // Freezing asks for a reason, refuses an empty one, and ends the user's access.
    expect(await canSignIn(origin, u.account)).toBe(true);
    await page.getByTestId('user-freeze').click();
    await page.getByTestId('reason-submit').click();
    await page.getByRole('alert').filter({ hasText: 'Give a reason.' }).waitFor();
    await page.getByTestId('reason').fill('chargeback under review');
    await shot(page, SHOTS, 'desktop-en-light-freeze-dialog');
    await page.getByTestId('reason-submit').click();
    await page.getByTestId('user-unfreeze').waitFor();
    expect(await page.getByTestId('user-access').textContent()).toBe('Frozen');
    await page.getByText('chargeback under review').waitFor();
    expect(await canSignIn(origin, u.account)).toBe(false);
    // The search lists the user as frozen too.
    await page.getByTestId('user-back').click();
    await page.getByTestId('user-row').getByTestId('user-access').filter({ hasText: 'Frozen' }).waitFor();

    // A viewer, in Chinese on a phone, dark: reads the same user by id, with no freeze to offer.
    const phone = await env.browser.newContext(PHONE);
    const viewer = await phone.newPage();
    const viewerErrors = pageErrors(viewer);
    await openConsole(viewer, origin, { lang: 'zh', theme: 'dark' });
    await signInConsole(viewer, 'vic', OPS_TEST_PASSWORD);
    await openUser(viewer, String(u.id));
    await shot(viewer, SHOTS, 'phone-zh-dark-user', { fullPage: true });
    expect(await viewer.getByTestId('user-unfreeze').count()).toBe(0);
    expect(await viewer.getByTestId('user-freeze').count()).toBe(0);
    const zhLine = viewer.locator('[data-testid="user-journal-line"][data-kind="withdraw.freeze"]');
    expect(await zhLine.first().getByTestId('journal-kind').textContent()).toBe(
      appKindName('zh', 'withdraw.freeze'),
    );
    expect(await viewer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await goToPage(viewer, 'house');
    await viewer.getByTestId('house-ledger').waitFor();
    expect(await viewer.getByTestId('house-ledger').getAttribute('data-ok')).toBe('true');
    expect(
      await viewer.getByTestId('house-product').evaluateAll((e) => e.map((x) => x.dataset.product)),
    ).toEqual(['lever', 'second', 'lockming', 'ieo', 'spot']);
    await shot(viewer, SHOTS, 'phone-zh-dark-house', { fullPage: true });
    expect(await viewer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The admin lifts the freeze, with a reason; the user signs in again.
    await page.getByTestId('user-row').click();
    await page.getByTestId('user-unfreeze').click();
    await page.getByTestId('reason').fill('cleared');
    await page.getByTestId('reason-submit').click();
    await page.getByTestId('user-freeze').waitFor();
    expect(await page.getByTestId('user-access').textContent()).toBe('Active');
    expect(await canSignIn(origin, u.account)).toBe(true);

    // Both actions are in the audit trail, with their reasons.
    const trail = await opsCall(
      origin,
      'actions',
      { targetType: 'users', targetId: String(u.id) },
      { method: 'GET' },
    );
    const actions = (trail.body?.data as { action: string; detail: string }[]).map((a) => a.action);
    expect(actions).toEqual(['user.unfreeze', 'user.freeze']);

    expect(errors).toEqual([]);
    expect(viewerErrors).toEqual([]);
    await phone.close();
    await context.close();
  });
});
