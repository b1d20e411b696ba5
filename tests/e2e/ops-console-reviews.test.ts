// The console's review pages of phase 2 in Chromium (issue 26): a reviewer refuses a merchant
// application with a reason, decides a P2P appeal after seeing the order, both sides' images and
// their chat, moves a listing application through review to accepted, creates an IEO project and an
// earn product whose first try the server refuses at one field (nothing typed is lost), and finds
// the P2P freezes empty; every page fits a phone's width.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBankServer } from '../support/bank';
import { pageErrors, PHONE, serverAndBrowser } from '../support/e2e';
import { opsCall } from '../support/deposits';
import { goToPage, OPS_TEST_PASSWORD, openConsole, signInConsole } from '../support/ops-console';
import { fillReviews } from '../support/ops-console-reviews';
import { toLocalInput } from '../../console/src/forms/datetime';

const DESKTOP = { width: 1280, height: 800 };
const HOUR = 3_600_000;

/** Whether the page is no wider than the window. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Opens the first row of the queue at `path` and waits for its detail. */
async function openFirst(page: Page, path: string): Promise<void> {
  await goToPage(page, path);
  await page.getByTestId('queue-row').first().click();
  await page.getByTestId('queue-detail').waitFor();
}

/** Answers the open reason dialog: an empty reason is refused at the field, then `reason` is sent. */
async function giveReason(page: Page, reason: string): Promise<void> {
  await page.getByTestId('reason-submit').click();
  await page.locator('[data-testid="reason-dialog"] [role="alert"]').waitFor();
  await page.getByTestId('reason').fill(reason);
  await page.getByTestId('reason-submit').click();
}

describe('operator console: review pages', () => {
  const env = serverAndBrowser(startBankServer);

  it('a reviewer works each queue and creates an IEO project and an earn product', async () => {
    const { origin, dataDir } = env.server;
    const { applicant, buyer, seller } = await fillReviews(origin, dataDir);
    // Created on the server; enrols its second factor at its first sign-in, in the console.
    const created = await opsCall(origin, 'operators/create', {
      name: 'rita',
      role: 'reviewer',
      password: OPS_TEST_PASSWORD,
    });
    expect(created.body?.code).toBe(200);

    const context = await env.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openConsole(page, origin, { lang: 'en', theme: 'dark' });
    await signInConsole(page, 'rita', OPS_TEST_PASSWORD);
    await page.getByTestId('count-appeals').filter({ hasText: /^1$/ }).waitFor();

    // Merchant application: refused, with a reason.
    await openFirst(page, 'merchant-applications');
    await page.getByText(applicant.account).first().waitFor();
    await page.getByTestId('decide-refuse').click();
    await giveReason(page, 'Bank card name does not match');
    await page.locator('.page__title .badge--rejected').waitFor();
    await page.getByText('Bank card name does not match', { exact: true }).waitFor();

    // Appeal: the order, each side's images, the chat; the coin goes to the buyer.
    await openFirst(page, 'appeals');
    const order = page.getByTestId('appeal-order');
    await order.getByText(buyer.account).waitFor();
    await order.getByText(seller.account).waitFor();
    await order.getByText('BANK-778').waitFor();
    const buyerImages = page.getByTestId('evidence-buyer').locator('img');
    await expect.poll(() => buyerImages.count()).toBe(2);
    await expect.poll(() => page.getByTestId('evidence-seller').locator('img').count()).toBe(1);
    expect(await page.getByTestId('chat-line').allTextContents()).toEqual([
      expect.stringContaining('Paid, see receipt'),
      expect.stringContaining('Nothing arrived'),
    ]);
    await page.getByRole('button', { name: 'Coin to the buyer' }).click();
    await page.getByTestId('dialog-warning').waitFor();
    await giveReason(page, 'Receipt matches the bank statement');
    await page.locator('.page__title .badge--decided').waitFor();
    await page.getByText('Coin to the buyer').first().waitFor();
    expect(await page.getByRole('button', { name: 'Coin back to the seller' }).count()).toBe(0);

    // Listing: start the review, then accept.
    await openFirst(page, 'listings');
    await page.getByRole('button', { name: 'Start review' }).click();
    await page.locator('.page__title .badge--review').waitFor();
    expect(await page.getByRole('button', { name: 'Start review' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.locator('.page__title .badge--accepted').waitFor();

    // IEO project: the server refuses the lot at its field; the other values stay as typed.
    await goToPage(page, 'ieo');
    await page.getByTestId('ieo-new').click();
    const now = Date.now();
    const ieo: Record<string, string> = {
      name: 'Moon Project',
      coin: 'MOONX',
      coinName: 'Moon',
      price: '0.1',
      lot: '0.123456789',
      total: '100000',
      cap: '1000',
      preheatAt: toLocalInput(now + HOUR),
      opensAt: toLocalInput(now + 2 * HOUR),
      closesAt: toLocalInput(now + 3 * HOUR),
    };
    for (const [field, value] of Object.entries(ieo)) await page.getByTestId(`ieo-${field}`).fill(value);
    await page.getByTestId('ieo-save').click();
    await page.locator('[data-field="lot"]').waitFor();
    expect(await page.getByTestId('ieo-name').inputValue()).toBe('Moon Project');
    expect(await page.getByTestId('ieo-opensAt').inputValue()).toBe(ieo.opensAt);
    await page.getByTestId('ieo-lot').fill('100');
    await page.getByTestId('ieo-save').click();
    await page.getByTestId('ieo-row').filter({ hasText: 'Moon Project' }).click();
    await page.getByTestId('ieo-editor').waitFor();
    expect(await page.getByTestId('locked').count()).toBe(0);
    expect(await page.getByTestId('ieo-lot').inputValue()).toBe('100');

    // Earn product: a malformed rate is refused at its field, then the product is created.
    await goToPage(page, 'earn');
    await page.getByTestId('reserves').waitFor();
    await page.getByTestId('earn-new').click();
    await page.getByTestId('earn-name').fill('Review lock 30d');
    await page.getByTestId('earn-days').fill('30');
    await page.getByTestId('earn-dailyRate').fill('half');
    await page.getByTestId('earn-minAmount').fill('10');
    await page.getByTestId('earn-opensAt').fill(toLocalInput(now + HOUR));
    await page.getByTestId('earn-save').click();
    await page.locator('[data-field="dailyRate"]').waitFor();
    expect(await page.getByTestId('earn-name').inputValue()).toBe('Review lock 30d');
    await page.getByTestId('earn-dailyRate').fill('0.0005');
    await page.getByTestId('earn-save').click();
    await page.getByTestId('earn-row').filter({ hasText: 'Review lock 30d' }).waitFor();

    // No P2P freeze (the appeal was no fraud).
    await goToPage(page, 'p2p-freezes');
    await page.getByTestId('freezes-empty').waitFor();

    // Each page fits a phone.
    await page.setViewportSize(PHONE.viewport!);
    for (const path of ['merchant-applications', 'appeals', 'p2p-freezes', 'listings', 'ieo', 'earn']) {
      await goToPage(page, path);
      await page.locator('.page').first().waitFor();
      await page.waitForTimeout(150);
      expect([path, await fits(page)]).toEqual([path, true]);
    }
    await goToPage(page, 'appeals');
    await page.getByTestId('status-filter').selectOption('decided');
    await page.getByTestId('queue-row').first().click();
    await page.getByTestId('appeal-chat').waitFor();
    expect(await fits(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
