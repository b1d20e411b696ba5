// Screenshots of the console's support inbox, publishing and live stream pages for review (not a
// test), at a phone's and a desktop's size, in en and zh, dark and light. Against `npm run build`:
//   SHOTS=/work/shots/ops-inbox-2 npx tsx tests/e2e/ops-console-support-shots.script.ts
// Each round signs in a fresh support agent (the role that answers, publishes and sets the stream) (a TOTP code is accepted once, and the rounds come faster).
import type { BrowserContextOptions } from 'playwright-core';
import type { Lang, Theme } from '../../domain/locale';
import { registerUser } from '../support/accounts';
import { callApi } from '../support/api';
import { opsCall as opsJson, PNG } from '../support/bank';
import { opsCall } from '../support/deposits';
import { launchBrowser, PHONE, shot } from '../support/e2e';
import { goToPage, OPS_TEST_PASSWORD, openConsole, signInConsole } from '../support/ops-console';
import { startBankServer } from '../support/bank';
import { smallPng } from './funding-support';

const out = process.env.SHOTS ?? '/tmp/ops-support-shots';
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

const server = await startBankServer();
const { origin } = server;
let n = 0;
const say = (token: string, fields: Record<string, string>) =>
  callApi(origin, 'kefu/send', { clientId: `shot-msg-${++n}-xxxx`, ...fields }, { token, json: true });

// One English conversation with text, an image and an answered, read reply; one Chinese, unread.
const en = await registerUser(origin);
await say(en.token, { text: 'Hello, my deposit from yesterday has not arrived in my account yet.' });
await say(en.token, { mime: 'image/png', data: smallPng(320, 200).toString('base64') });
await opsJson(origin, 'POST', 'kefu/reply', {
  account: en.user.account,
  text: 'Thanks, we are checking the transfer with the bank now.',
});
await say(en.token, { text: 'Thank you!' });
const zh = await registerUser(origin);
await say(zh.token, { text: '你好,我的提现还在审核中,请问需要多久?' });
for (const [lang, title, body] of [
  ['en', 'Deposit delayed', 'Bank transfers can take up to one working day. We will update you here.'],
  ['en', 'Greeting', 'Hello, thanks for contacting support. How can I help?'],
  ['zh', '提现审核', '提现审核通常在 30 分钟内完成,请耐心等待。'],
]) {
  await opsJson(origin, 'POST', 'kefu/canned/save', { lang: lang!, title: title!, body: body! });
}
await opsJson(origin, 'POST', 'news/publish', {
  lang: 'en',
  title: 'Scheduled maintenance on Sunday',
  body: '## Schedule\n\nTrading pauses **02:00–03:00 UTC**. Deposits continue. [Rules](https://example.com/rules)',
  pinned: 'true',
  coverMime: 'image/png',
  coverData: PNG,
});
await opsJson(origin, 'POST', 'news/publish', {
  lang: 'zh',
  title: '如何充值',
  body: '打开 **资产**,然后点击 充值。',
  help: 'true',
});
const gone = await opsJson(origin, 'POST', 'news/publish', { lang: 'en', title: 'Old promo', body: 'Over.' });
await opsJson(origin, 'POST', 'news/withdraw', { id: gone.body.data.id });
await opsJson(origin, 'POST', 'zhibo/set', {
  url: '/live/ama.m3u8',
  title: 'Weekly AMA with the team',
  startsAt: Date.now() + 86_400_000,
  endsAt: Date.now() + 90_000_000,
});

const browser = await launchBrowser();
let round = 0;
try {
  for (const [size, device] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const lang of ['en', 'zh'] as Lang[]) {
      for (const theme of ['dark', 'light'] as Theme[]) {
        const name = (s: string) => `${size}-${lang}-${theme}-${s}`;
        const admin = `shot${++round}`;
        await opsCall(origin, 'operators/create', {
          name: admin,
          role: 'support',
          password: OPS_TEST_PASSWORD,
        });
        const context = await browser.newContext(device);
        const page = await context.newPage();
        page.on('pageerror', (e) => console.error('page error', e.message));
        await openConsole(page, origin, { lang, theme });
        await signInConsole(page, admin, OPS_TEST_PASSWORD);
        await goToPage(page, 'inbox');
        await page.getByTestId('conversation').nth(1).waitFor();
        await shot(page, out, name('1-inbox'));
        await page.locator(`[data-testid="conversation"][data-account="${en.user.account}"]`).click();
        await page.getByTestId('msg-image').waitFor();
        await page.getByTestId('canned-pick').selectOption({ index: 1 });
        await shot(page, out, name('2-conversation'), { settleMs: 300 });
        await page.getByTestId('reply-input').fill('');
        if (size === 'phone') await page.locator('.thread__back').click();
        await page.locator(`[data-testid="conversation"][data-account="${zh.user.account}"]`).click();
        await page.getByTestId('msg-user').first().waitFor();
        await shot(page, out, name('2b-conversation-zh'), { settleMs: 300 });
        if (size === 'phone') await page.locator('.thread__back').click();
        await page.getByTestId('canned-manage').click();
        await page.getByTestId('canned-row').first().waitFor();
        await shot(page, out, name('3-canned'), { fullPage: true });
        await goToPage(page, 'publish');
        await page.getByTestId('article-row').first().waitFor();
        await shot(page, out, name('4-publish'), { fullPage: true });
        await page.getByTestId('article-row').filter({ hasText: 'Scheduled maintenance' }).click();
        await page.getByTestId('preview').locator('.article-body').waitFor();
        await shot(page, out, name('5-article'), { fullPage: true });
        await goToPage(page, 'publish');
        await page.getByTestId('publish-new').click();
        await page.getByTestId('article-title').fill(lang === 'zh' ? '新币上线公告' : 'New listing: ABC');
        await page
          .getByTestId('article-body')
          .fill(
            lang === 'zh'
              ? '## 上线时间\n\n**ABC** 将于周五上线。\n\n- 充值:现已开放\n- 交易:周五 10:00'
              : '## When\n\n**ABC** lists on Friday.\n\n- Deposits: open now\n- Trading: Friday 10:00',
          );
        await page.getByTestId('preview').locator('.article-body li').first().waitFor();
        await shot(page, out, name('6-new-article'), { fullPage: true });
        await goToPage(page, 'live');
        await page.getByTestId('live-state').waitFor();
        await shot(page, out, name('7-live'), { fullPage: true });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
