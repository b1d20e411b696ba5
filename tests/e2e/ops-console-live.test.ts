// The end-to-end walk (issue 26): operators sign in to the console with TOTP; a reviewer
// approves a withdrawal and a support agent answers a support message, while the user's own browser
// (the app at /h5/) sees both live: the withdrawal's status changes on the withdrawals page and the
// reply appears in the support chat, neither page reloaded. Read receipts travel both ways. Roles
// separate the duties (a reviewer cannot answer chat, support cannot move money), so two operators.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBankServer } from '../support/bank';
import { opsCall } from '../support/deposits';
import { appUrl, login, pageErrors, PHONE, serverAndBrowser } from '../support/e2e';
import { goToPage, OPS_TEST_PASSWORD, openConsole, signInConsole } from '../support/ops-console';
import { requestWithdraw, withdrawer } from '../support/withdrawals';
import { dataOf } from '../support/assets';

const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Counts the page's loads: a reload would add one. */
async function countLoads(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    (window as unknown as { __loadMark: number }).__loadMark = 1;
  });
  return () => page.evaluate(() => (window as unknown as { __loadMark?: number }).__loadMark ?? 0);
}

describe('operator console, live with the user app', () => {
  const env = serverAndBrowser(startBankServer);

  it('a reviewer approves and a support agent answers while the user sees both live', async (ctx) => {
    const { origin } = env.server;
    const probe = await opsCall(
      origin,
      'auth/login',
      { name: 'nobody', password: 'x' },
      { token: null, operator: null },
    );
    if (probe.status === 404) ctx.skip();
    for (const [name, role] of [
      ['rita', 'reviewer'],
      ['sam', 'support'],
    ] as const) {
      const made = await opsCall(origin, 'operators/create', { name, role, password: OPS_TEST_PASSWORD });
      expect(made.body?.code).toBe(200);
    }

    // The user: a withdrawal in review, and two tabs of the app: withdrawals and the support chat.
    const user = await withdrawer(env.server, '100');
    const withdrawal = dataOf<{ id: number }>(await requestWithdraw(origin, user));
    const app = await env.browser.newContext(PHONE);
    const funds = await app.newPage();
    const appErrors = pageErrors(funds);
    await login(funds, origin, user.account);
    await funds.goto(appUrl(origin, '/pages/assets/mention'));
    const card = funds.locator(`[data-testid="withdrawal-card"][data-withdrawal-id="${withdrawal.id}"]`);
    await card.and(funds.locator('[data-status="review"]')).waitFor();
    const fundsLoads = await countLoads(funds);
    const chat = await app.newPage();
    const chatErrors = pageErrors(chat);
    await chat.goto(appUrl(origin, '/pages/mine/kefu'));
    await chat.getByTestId('kefu-input').fill('Where is my withdrawal?');
    await chat.getByTestId('kefu-send').click();
    const asked = chat.getByTestId('msg-user').filter({ hasText: 'Where is my withdrawal?' });
    await asked.getByTestId('receipt').and(chat.locator('[data-state="sent"]')).waitFor();
    const chatLoads = await countLoads(chat);

    // The reviewer signs in with TOTP (enrolling on first sign-in) and approves with a txid.
    const consoleCtx = await env.browser.newContext(DESKTOP);
    const ops = await consoleCtx.newPage();
    const opsErrors = pageErrors(ops);
    await openConsole(ops, origin, { lang: 'en', theme: 'dark' });
    await signInConsole(ops, 'rita', OPS_TEST_PASSWORD);
    await goToPage(ops, 'withdrawals');
    await ops.getByTestId('queue-row').filter({ hasText: user.account }).click();
    await ops.getByTestId('decide-approve').click();
    await ops.getByTestId('reason').fill('e2e0live0approve0txid0123456789');
    await ops.getByTestId('reason-submit').click();
    await ops.locator('.badge--approved').first().waitFor();
    // The user's withdrawals page shows it approved, with the txid, without a reload.
    await card.and(funds.locator('[data-status="approved"]')).waitFor();
    expect(await fundsLoads()).toBe(1);

    // The support agent signs in; the conversation is in the inbox with its unread count.
    await ops.locator('[data-testid="sign-out"]:visible').first().click();
    await ops.getByTestId('sign-in-password').waitFor();
    await signInConsole(ops, 'sam', OPS_TEST_PASSWORD);
    await goToPage(ops, 'inbox');
    const row = ops.locator(`[data-testid="conversation"][data-account="${user.account}"]`);
    await row.getByTestId('unread').filter({ hasText: /^1$/ }).waitFor();
    await row.click();
    await ops.getByTestId('msg-user').filter({ hasText: 'Where is my withdrawal?' }).waitFor();
    // Opening it marks the user's message read: the user's chat shows it, live.
    await asked.locator('[data-state="read"]').waitFor();
    await row.getByTestId('unread').waitFor({ state: 'detached' });

    // A new user message arrives in the open conversation without a reload.
    await chat.getByTestId('kefu-input').fill('It says approved now, thanks');
    await chat.getByTestId('kefu-send').click();
    await ops.getByTestId('msg-user').filter({ hasText: 'It says approved now, thanks' }).waitFor();

    // The agent takes the conversation and answers; the reply appears in the user's chat, live.
    await ops.getByTestId('assign').click();
    await ops.getByTestId('assignee').filter({ hasText: 'sam' }).waitFor();
    await ops.getByTestId('reply-input').fill('Approved and sent, it should arrive within minutes.');
    await ops.getByTestId('reply-send').click();
    // The box is emptied once the server took the reply (it keeps the text on an error).
    await expect.poll(() => ops.getByTestId('reply-input').inputValue()).toBe('');
    await chat
      .getByTestId('msg-operator')
      .filter({ hasText: 'Approved and sent, it should arrive within minutes.' })
      .waitFor();
    expect(await chatLoads()).toBe(1);
    // The user's chat is open: the reply is read there, and the console shows it.
    const reply = ops.getByTestId('msg-operator').filter({ hasText: 'Approved and sent' });
    await reply.locator('[data-testid="receipt"][data-state="read"]').waitFor();

    expect(opsErrors).toEqual([]);
    expect([...appErrors, ...chatErrors]).toEqual([]);
    await consoleCtx.close();
    await app.close();
  });
});
