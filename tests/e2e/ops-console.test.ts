// The operator console in Chromium (issue 26): an admin created on the server signs in with a TOTP
// code computed from the enrolment secret the page shows, sees the queue counts, opens the
// withdrawal queue and approves one with its transaction id, at a phone's size and a desktop's, in
// both themes. Needs the operator accounts (h/ops-auth): on a server without them it is skipped.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OPS_TEST_PASSWORD } from '../support/ops-console';
import { opsCall } from '../support/deposits';
import { startBankServer } from '../support/bank';
import { pageErrors, PHONE, serverAndBrowser } from '../support/e2e';
import { fillQueues, goToPage, openConsole, signInConsole } from '../support/ops-console';

const DESKTOP = { width: 1280, height: 800 };

/** Flips the theme with the console's own switch and waits until the page shows it. */
async function flipTheme(page: Page, to: 'dark' | 'light'): Promise<void> {
  const menu = page.getByTestId('menu');
  if (await menu.isVisible()) await menu.click();
  await page.locator('[data-testid="theme"]:visible').click();
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, to);
  if (await menu.isVisible()) await menu.click();
}

describe('operator console', () => {
  const env = serverAndBrowser(startBankServer);

  it('signs an admin in with TOTP and walks the dashboard and the withdrawal queue, phone and desktop, both themes', async (ctx) => {
    const { origin } = env.server;
    const probe = await opsCall(
      origin,
      'auth/login',
      { name: 'nobody', password: 'x' },
      { token: null, operator: null },
    );
    if (probe.status === 404) ctx.skip();
    await fillQueues(env.server);
    const created = await opsCall(origin, 'operators/create', {
      name: 'ann',
      role: 'admin',
      password: OPS_TEST_PASSWORD,
    });
    expect(created.body?.code).toBe(200);

    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openConsole(page, origin, { lang: 'en', theme: 'dark' });
    await signInConsole(page, 'ann', OPS_TEST_PASSWORD);
    // The admin's navigation has the audit trail and the operators; counts come from `queues`.
    await page.getByTestId('count-withdrawals').filter({ hasText: /^1$/ }).waitFor();
    await page.getByTestId('live').and(page.locator('[data-state="open"]')).waitFor();

    for (const [size, theme] of [
      ['phone', 'dark'],
      ['phone', 'light'],
      ['desktop', 'dark'],
      ['desktop', 'light'],
    ] as const) {
      if (size === 'desktop') await page.setViewportSize(DESKTOP);
      if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme)
        await flipTheme(page, theme);
      await goToPage(page, '');
      await page.getByTestId('dashboard').waitFor();
      await goToPage(page, 'withdrawals');
      await page.getByTestId('queue-row').first().waitFor();
      // Nothing wider than the screen at either size.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }

    await page.getByTestId('queue-row').first().click();
    await page.getByTestId('queue-detail').waitFor();
    await page.getByTestId('decide-approve').click();
    await page.getByTestId('reason').fill('0xabc12345def');
    await page.getByTestId('reason-submit').click();
    await page.locator('.badge--approved').first().waitFor();
    await page.getByTestId('history').getByText('withdrawal.approve').waitFor();
    await page.getByTestId('decide-approve').waitFor({ state: 'detached' });
    await goToPage(page, '');
    await page.getByTestId('count-withdrawals').filter({ hasText: /^0$/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
