import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser } from '../support/accounts';
import { startTestServer } from '../support/server';
import { OPS_TOKEN, api, localeText, ops, smallPng } from './funding-support';
import { PHONE, open, pageErrors, serverAndBrowser, login } from '../support/e2e';

const PHOTO_FIELDS = ['frontId', 'backId', 'handId'] as const;

/** Records whether a compression progress bar was ever shown (it may be brief). */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { sawProgress: boolean };
    w.sawProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('.kyc-photo progress')) w.sawProgress = true;
    }).observe(document.body, { subtree: true, childList: true });
  });
}

/** Asks the page to check again now, as it does when it becomes visible. */
const nudge = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

describe('identity verification page', () => {
  const env = serverAndBrowser(() => startTestServer({ operatorToken: OPS_TOKEN, simMarket: false }));

  it('verifies identity with three photos, through review and a refusal, to verified', async () => {
    const origin = env.server.origin;
    const grant = await registerUser(origin);
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, origin, grant.user.account);

    await open(page, origin, '/pages/mine/real_authentication', '[data-testid="kyc-form"]');
    expect(await page.textContent('[data-testid="kyc-limit"]')).toContain('USDT');
    // Bad input is named next to its field before anything is sent.
    await page.fill('[data-testid="kyc-name"]', 'Budi Santoso');
    await page.fill('[data-testid="kyc-id-number"]', '110105194912310021');
    await page.click('[data-testid="kyc-form"] button[type=submit]');
    await page.locator('.field__error[data-field="idNumber"]').waitFor();
    expect(await page.textContent('.field__error[data-field="idNumber"]')).toBe(
      localeText('id', 'errors', 'kycIdNumberFormat'),
    );
    for (const f of PHOTO_FIELDS) await page.locator(`.field__error[data-field="${f}"]`).waitFor();

    // Something that is not an image is refused under its photo, and nothing is uploaded.
    await page.setInputFiles('[data-testid="kyc-frontId-file"]', {
      name: 'id.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await page.waitForFunction(
      (text) => document.querySelector('.field__error[data-field="frontId"]')?.textContent === text,
      localeText('id', 'errors', 'uploadType'),
    );
    expect(await page.locator('[data-testid="kyc-frontId-done"]').count()).toBe(0);

    // A passport number, and three photos compressed on the device (a large one shows progress).
    await page.click('[data-testid="kyc-doc-passport"]');
    await page.fill('[data-testid="kyc-id-number"]', 'b 7654321');
    await watchProgress(page);
    for (const f of PHOTO_FIELDS) {
      await page.setInputFiles(`[data-testid="kyc-${f}-file"]`, {
        name: `${f}.png`,
        mimeType: 'image/png',
        buffer: f === 'frontId' ? smallPng(2600, 1700) : smallPng(),
      });
      await page.locator(`[data-testid="kyc-${f}-done"]`).waitFor();
    }
    expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
    expect(await page.locator('.kyc-photo .proof__preview').count()).toBe(3);
    await page.click('[data-testid="kyc-form"] button[type=submit]');
    await page.locator('[data-testid="kyc-state"][data-state="review"]').waitFor();
    expect(await page.textContent('[data-testid="kyc-status"]')).toContain('B7****21');
    expect(await page.locator('[data-testid="kyc-form"]').count()).toBe(0);

    // The operator refuses with a reason: the page shows it and offers the form again.
    const queue = await fetch(`${origin}/api/ops/kyc?status=review`, {
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'x-operator': 'tester' },
    }).then((r) => r.json() as Promise<{ data: { id: number; userId: number }[] }>);
    const first = queue.data.find((r) => r.userId === grant.user.id)!;
    await ops(origin, 'kyc/reject', { id: String(first.id), reason: 'Photo of the back is missing' });
    await nudge(page);
    await page.locator('[data-testid="kyc-state"][data-state="rejected"]').waitFor();
    expect(await page.textContent('[data-testid="kyc-reason"]')).toBe('Photo of the back is missing');

    // Sent again with new photos, approved: verified, and the profile says so.
    await page.fill('[data-testid="kyc-name"]', 'Budi Santoso');
    await page.fill('[data-testid="kyc-id-number"]', 'B7654321');
    await page.click('[data-testid="kyc-doc-passport"]');
    for (const f of PHOTO_FIELDS) {
      await page.setInputFiles(`[data-testid="kyc-${f}-file"]`, {
        name: `${f}-2.png`,
        mimeType: 'image/png',
        buffer: smallPng(64, 40),
      });
      await page.locator(`[data-testid="kyc-${f}-done"]`).waitFor();
    }
    await page.click('[data-testid="kyc-form"] button[type=submit]');
    await page.locator('[data-testid="kyc-state"][data-state="review"]').waitFor();
    const again = await fetch(`${origin}/api/ops/kyc?status=review`, {
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'x-operator': 'tester' },
    }).then((r) => r.json() as Promise<{ data: { id: number; userId: number }[] }>);
    const second = again.data.find((r) => r.userId === grant.user.id)!;
    await ops(origin, 'kyc/approve', { id: String(second.id) });
    // Live over the private socket, well before the page's own 10 s check.
    await page.locator('[data-testid="kyc-state"][data-state="verified"]').waitFor({ timeout: 5_000 });
    expect((await api<{ state: string }>(origin, grant.token, 'kyc/status')).state).toBe('verified');

    await open(page, origin, '/pages/mine/index', '[data-testid="profile"]');
    expect(await page.textContent('[data-testid="profile"]')).toContain(
      localeText('id', 'common', 'kyc.verified'),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the credit score with each published factor, from home', async () => {
    const origin = env.server.origin;
    const grant = await registerUser(origin);
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, origin, grant.user.account);
    await open(page, origin, '/pages/home/home', '.entry-grid');
    await page.click('a[href$="/pages/home/ping"]');
    await page.locator('[data-testid="credit-factors"]').waitFor();
    expect(await page.textContent('[data-testid="credit-value"]')).toBe('55');
    const factors = await page.$$eval('[data-testid="credit-factors"] li', (els) =>
      els.map((e) => [e.getAttribute('data-testid'), e.getAttribute('data-points')]),
    );
    expect(factors).toEqual([
      ['credit-base', '55'],
      ['credit-accountAge', '0'],
      ['credit-identity', '0'],
      ['credit-tradePassword', '0'],
      ['credit-trading', '0'],
      ['credit-cancellations', '0'],
    ]);
    expect(await page.textContent('[data-testid="credit-identity"]')).toContain(
      localeText('id', 'identity', 'credit.factors.identity'),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
