// The operator console in Chromium (issue 26): an admin created on the server signs in with a TOTP
// code computed from the enrolment secret the page shows, sees the queue counts, opens the
// withdrawal queue at a phone's size and a desktop's, in both themes, then creates a reviewer who
// signs in and approves the withdrawal with its transaction id. Needs the operator accounts
// (h/ops-auth): on a server without them it is skipped.
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

  it('signs in with TOTP, walks dashboard and queue (phone, desktop, both themes), a new reviewer approves', async (ctx) => {
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

    // An admin manages people, not money: the withdrawal shows no decision for them.
    await page.getByTestId('queue-row').first().click();
    await page.getByTestId('queue-detail').waitFor();
    await page.getByTestId('history').waitFor();
    expect(await page.getByTestId('decide-approve').count()).toBe(0);

    // The admin creates a reviewer in the console, who signs in (enrolment) and approves it.
    await goToPage(page, 'operators');
    const create = page.getByTestId('operator-create');
    await create.getByLabel('Operator name').fill('rita');
    await create.locator('select').selectOption('reviewer');
    await create.getByLabel('Initial password').fill(OPS_TEST_PASSWORD);
    await create.locator('button[type=submit]').click();
    await page.getByTestId('operator-row').filter({ hasText: 'rita' }).waitFor();
    await page.locator('[data-testid="sign-out"]:visible').first().click();
    await page.getByTestId('sign-in-password').waitFor();
    await signInConsole(page, 'rita', OPS_TEST_PASSWORD);
    expect(await page.locator('#side-nav a[data-page="operators"]').count()).toBe(0);
    await goToPage(page, 'withdrawals');
    await page.getByTestId('queue-row').first().click();
    await page.getByTestId('decide-approve').click();
    await page.getByTestId('reason').fill('0xabc12345def');
    await page.getByTestId('reason-submit').click();
    await page.locator('.badge--approved').first().waitFor();
    await page.getByTestId('decide-approve').waitFor({ state: 'detached' });
    await goToPage(page, '');
    await page.getByTestId('count-withdrawals').filter({ hasText: /^0$/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
