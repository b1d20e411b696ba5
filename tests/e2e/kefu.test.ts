import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts';
import { startTestServer } from '../support/server';
import { OPS_TOKEN, opsCall } from '../support/bank';
import { smallPng } from './funding-support';
import { PHONE, appUrl, pageErrors, serverAndBrowser, login } from '../support/e2e';

describe('support chat', () => {
  const env = serverAndBrowser(() => startTestServer({ operatorToken: OPS_TOKEN, simMarket: false }));

  it('shows visitors the help centre and a sign-in prompt', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(appUrl(env.server.origin, '/pages/mine/kefu'));
    await page.getByTestId('kefu-signin').waitFor();
    await page.getByTestId('help-centre').waitFor();
    await context.close();
  });

  it('sends a message with receipts, an image, sees the reply live, and the unread badge on the tab', async () => {
    const me = await registerUser(env.server.origin);
    const account = me.user.account;
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, env.server.origin, account);
    await page.click('a[href="#/pages/mine/kefu"]');
    await page.getByTestId('kefu-empty').waitFor();

    await page.getByTestId('kefu-input').fill('My deposit has not arrived');
    await page.getByTestId('kefu-send').click();
    const mine = page.getByTestId('msg-user').filter({ hasText: 'My deposit has not arrived' });
    await mine.getByTestId('receipt').and(page.locator('[data-state="sent"]')).waitFor();
    expect(await page.getByTestId('kefu-input').inputValue()).toBe('');

    // An image, compressed in the page and sent through the same queue.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kefu-')), 'slip.png');
    fs.writeFileSync(file, smallPng(120, 80));
    await page.getByTestId('kefu-file').setInputFiles(file);
    await page.locator('.chat__row--user .chat__image[src^="data:image/"]').waitFor();
    await expect.poll(async () => await page.getByTestId('msg-user').count()).toBe(2);

    // The operator opens the conversation (delivered), reads it (read) and answers (live).
    const list = await opsCall(env.server.origin, 'GET', 'kefu/messages', { account });
    const last = list.body.data.at(-1).id as number;
    await mine.locator('[data-state="delivered"]').waitFor();
    await opsCall(env.server.origin, 'POST', 'kefu/read', { account, upTo: last });
    await mine.locator('[data-state="read"]').waitFor();
    const sentAt = Date.now();
    await opsCall(env.server.origin, 'POST', 'kefu/reply', { account, text: 'We are checking it now' });
    await page.getByTestId('msg-operator').filter({ hasText: 'We are checking it now' }).waitFor();
    const roundTrip = Date.now() - sentAt;
    expect(roundTrip).toBeLessThan(5_000);
    // The reply is captioned with who and when, nothing dangling after the dot (issue 29).
    const caption = page
      .getByTestId('msg-operator')
      .filter({ hasText: 'We are checking it now' })
      .locator('.chat__meta');
    expect(await caption.innerText()).toMatch(/^Layanan · \d{2}[.:]\d{2}$/);

    // Away from the chat, a new reply shows as a badge on the support tab.
    await page.click('a[href="#/pages/home/home"]');
    await page.waitForSelector('.hero');
    await opsCall(env.server.origin, 'POST', 'kefu/reply', { account, text: 'Found it, credited' });
    await page.getByTestId('kefu-badge').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('kefu-badge').textContent()).toBe('1');
    await page.click('a[href="#/pages/mine/kefu"]');
    await page.getByTestId('msg-operator').filter({ hasText: 'Found it, credited' }).waitFor();
    await page.getByTestId('kefu-badge').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
