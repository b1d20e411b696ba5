// The support agent's pages of the operator console (issue 26) against the real server, beside the
// user's app: an image reply the user's chat shows, a canned reply of the conversation's language
// put into the box, an article whose preview reads as the app's news page then shows it and its
// withdrawal, and the live stream set and cleared with the app's live page following. The phone
// (390×844) in the light theme with no element wider than the screen; the desktop in the dark one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser } from '../support/accounts';
import { callApi } from '../support/api';
import { opsCall as opsJson, startBankServer } from '../support/bank';
import { opsCall } from '../support/deposits';
import { appUrl, login, pageErrors, PHONE, serverAndBrowser, setLang } from '../support/e2e';
import { goToPage, OPS_TEST_PASSWORD, openConsole, signInConsole } from '../support/ops-console';
import { smallPng } from './funding-support';

const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The visible elements wider than the window or reaching past its right edge (tag.class each). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > width + 0.5 || r.left < -0.5) out.push(`${el.tagName}.${el.className}`);
    }
    if (document.documentElement.scrollWidth > width)
      out.push(`page ${document.documentElement.scrollWidth}`);
    return out;
  });
}

describe('operator console, support pages with the user app', () => {
  const env = serverAndBrowser(startBankServer);

  it('answers with an image and a canned reply in the conversation language (phone, light)', async () => {
    const { origin } = env.server;
    await opsCall(origin, 'operators/create', { name: 'sue', role: 'support', password: OPS_TEST_PASSWORD });
    await opsJson(origin, 'POST', 'kefu/canned/save', {
      lang: 'en',
      title: 'Greeting',
      body: 'Hello, how can I help?',
    });

    // The user writes in Chinese from the app's chat and keeps it open.
    const user = await registerUser(origin);
    const app = await env.browser.newContext(PHONE);
    const chat = await app.newPage();
    const chatErrors = pageErrors(chat);
    await login(chat, origin, user.user.account);
    await chat.goto(appUrl(origin, '/pages/mine/kefu'));
    await chat.getByTestId('kefu-input').fill('你好,我的提现还在审核中,请问需要多久?');
    await chat.getByTestId('kefu-send').click();
    await chat.getByTestId('msg-user').getByTestId('receipt').waitFor();

    const consoleCtx = await env.browser.newContext(PHONE);
    const ops = await consoleCtx.newPage();
    const opsErrors = pageErrors(ops);
    await openConsole(ops, origin, { lang: 'en', theme: 'light' });
    await signInConsole(ops, 'sue', OPS_TEST_PASSWORD);

    // A Chinese canned reply, written on the canned replies page.
    await goToPage(ops, 'inbox');
    await ops.getByTestId('canned-manage').click();
    await ops.getByTestId('canned-lang').selectOption('zh');
    await ops.getByTestId('canned-empty').waitFor();
    await ops.getByTestId('canned-title').fill('提现审核');
    await ops.getByTestId('canned-body').fill('提现审核通常在 30 分钟内完成,请耐心等待。');
    await ops.getByTestId('canned-save').click();
    await ops.getByTestId('canned-row').filter({ hasText: '提现审核' }).waitFor();
    expect(await overflowing(ops)).toEqual([]);

    await ops.getByRole('link', { name: 'All conversations' }).click();
    await ops.locator(`[data-testid="conversation"][data-account="${user.user.account}"]`).click();
    await ops.getByTestId('msg-user').filter({ hasText: '请问需要多久' }).waitFor();
    // The conversation is in Chinese: the reply language follows, and only its canned replies show.
    expect(await ops.getByTestId('reply-lang').inputValue()).toBe('zh');
    const pick = ops.getByTestId('canned-pick');
    await expect
      .poll(() => pick.locator('option').allTextContents())
      .toEqual(['Insert a canned reply', '提现审核']);
    await pick.selectOption({ label: '提现审核' });
    expect(await ops.getByTestId('reply-input').inputValue()).toBe(
      '提现审核通常在 30 分钟内完成,请耐心等待。',
    );
    expect(await overflowing(ops)).toEqual([]);
    await ops.getByTestId('reply-send').click();
    await chat.getByTestId('msg-operator').filter({ hasText: '提现审核通常在 30 分钟内完成' }).waitFor();

    // An image reply: the console shows it sent, the user's open chat shows the picture, live.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ops-reply-')), 'slip.png');
    fs.writeFileSync(file, smallPng(240, 160));
    await ops.getByTestId('reply-file').setInputFiles(file);
    await ops.getByTestId('msg-operator').getByTestId('msg-image').waitFor();
    const shown = chat.locator('.chat__row--operator img.chat__image');
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    expect(await overflowing(ops)).toEqual([]);

    expect(opsErrors).toEqual([]);
    expect(chatErrors).toEqual([]);
    await consoleCtx.close();
    await app.close();
  });

  it('publishes an article as previewed, withdraws it, and sets and clears the live stream (desktop, dark)', async () => {
    const { origin } = env.server;
    await opsCall(origin, 'operators/create', { name: 'pat', role: 'support', password: OPS_TEST_PASSWORD });
    const consoleCtx = await env.browser.newContext(DESKTOP);
    const ops = await consoleCtx.newPage();
    const opsErrors = pageErrors(ops);
    ops.on('dialog', (d) => void d.accept());
    await openConsole(ops, origin, { lang: 'en', theme: 'dark' });
    await signInConsole(ops, 'pat', OPS_TEST_PASSWORD);

    await goToPage(ops, 'publish');
    await ops.getByTestId('publish-new').click();
    await ops.getByTestId('article-lang').selectOption('en');
    await ops.getByTestId('article-title').fill('New listing: ABC');
    await ops
      .getByTestId('article-body')
      .fill(
        '## When\n\n**ABC** lists on Friday.\n\n- Deposits: open now\n- Trading: Friday 10:00\n\n> Read the [rules](https://example.com/rules).',
      );
    const preview = ops.getByTestId('preview').getByTestId('article');
    await preview.locator('.article-body blockquote').waitFor();
    await ops.getByTestId('article-save').click();
    await ops.getByTestId('article-withdraw').waitFor();
    const id = Number(/\/publish\/(\d+)/.exec(ops.url())?.[1]);
    expect(id).toBeGreaterThan(0);
    await preview.locator('.article-body blockquote').waitFor();
    const previewed = await preview.innerText();
    expect(previewed).toContain('ABC lists on Friday.');

    // The app's news page shows the same words, tags and date.
    const app = await env.browser.newContext(PHONE);
    const reader = await app.newPage();
    const appErrors = pageErrors(reader);
    await setLang(reader, origin, 'en');
    await reader.goto(appUrl(origin, '/pages/home/news'));
    await reader.getByTestId('news-item').filter({ hasText: 'New listing: ABC' }).click();
    const article = reader.getByTestId('article');
    await article.locator('.article-body blockquote').waitFor();
    expect(await article.innerText()).toBe(previewed);

    // Withdrawn (after a confirmation): read-only in the console, gone from the app.
    await ops.getByTestId('article-withdraw').click();
    await ops.locator('[data-testid="article-editor"] .badge--rejected').waitFor();
    expect(await ops.getByTestId('article-save').count()).toBe(0);
    await reader.goto(appUrl(origin, '/pages/home/news'));
    await expect
      .poll(() => callApi(origin, 'news/detail', { id }).then((r) => r.body?.code === 200))
      .toBe(false);
    await reader.getByTestId('news-list').or(reader.locator('.state')).first().waitFor();
    await expect
      .poll(() => reader.getByTestId('news-item').filter({ hasText: 'New listing: ABC' }).count())
      .toBe(0);

    // The live stream: set now (on air), the app's live page plays it; cleared, the page says none.
    await goToPage(ops, 'live');
    await ops.getByTestId('live-state').and(ops.locator('[data-state="none"]')).waitFor();
    await ops.getByTestId('live-title').fill('Listing AMA');
    await ops.getByTestId('live-url').fill('/live/ama.m3u8');
    await ops.getByTestId('live-set').click();
    await ops.getByTestId('live-state').and(ops.locator('[data-state="onAir"]')).waitFor();
    await reader.goto(appUrl(origin, '/pages/zhibo/zhibo'));
    await reader.getByTestId('live-on').filter({ hasText: 'Listing AMA' }).waitFor();
    await ops.getByTestId('live-clear').click();
    await ops.getByTestId('live-state').and(ops.locator('[data-state="none"]')).waitFor();
    await reader.reload();
    await reader.getByTestId('live-none').waitFor();

    expect(opsErrors).toEqual([]);
    expect(appErrors.filter((e) => !/m3u8|media|hls/i.test(e))).toEqual([]);
    await consoleCtx.close();
    await app.close();
  });
});
