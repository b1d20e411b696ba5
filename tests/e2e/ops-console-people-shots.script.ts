// Screenshots of the console's users and house pages for review (not a test), at a phone's and a
// desktop's size, in en and zh, dark and light. Against `npx vite build --config vite.ops.config.ts`:
//   SHOTS=/work/shots/ops-people npx tsx tests/e2e/ops-console-people-shots.script.ts
// Each round signs in a fresh admin (a TOTP code is accepted once, and the rounds come faster).
import type { BrowserContextOptions } from 'playwright-core';
import type { Lang, Theme } from '../../domain/locale';
import { dataOf } from '../support/assets';
import { callApi } from '../support/api';
import { startBankServer } from '../support/bank';
import { opsCall } from '../support/deposits';
import { launchBrowser, PHONE, shot } from '../support/e2e';
import { fillQueues, goToPage, OPS_TEST_PASSWORD, openConsole, signInConsole } from '../support/ops-console';
import { requestWithdraw, withdrawer } from '../support/withdrawals';

const out = process.env.SHOTS ?? '/tmp/ops-people-shots';
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

const server = await startBankServer();
await fillQueues(server);
const u = await withdrawer(server, '100');
dataOf(await requestWithdraw(server.origin, u));
await callApi(
  server.origin,
  'trade/place',
  { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001', clientOrderId: 's-1' },
  { token: u.token },
);
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
        await opsCall(server.origin, 'operators/create', {
          name: admin,
          role: 'admin',
          password: OPS_TEST_PASSWORD,
        });
        const context = await browser.newContext(device);
        const page = await context.newPage();
        page.on('pageerror', (e) => console.error('page error', e.message));
        await openConsole(page, server.origin, { lang, theme });
        await signInConsole(page, admin, OPS_TEST_PASSWORD);
        await page.getByTestId('count-kyc').filter({ hasText: /^1$/ }).waitFor();
        await shot(page, out, name('1-dashboard'));
        await goToPage(page, 'users');
        await page.getByTestId('users-idle').waitFor();
        await shot(page, out, name('2-users-idle'));
        await page.getByTestId('user-query').fill(u.account.slice(0, 3));
        await page.getByTestId('user-search').click();
        await page.getByTestId('user-row').first().waitFor();
        await shot(page, out, name('3-users-hits'), { fullPage: true });
        await page.getByTestId('user-query').fill('nobody-here');
        await page.getByTestId('user-search').click();
        await page.getByTestId('users-none').waitFor();
        await shot(page, out, name('3b-users-none'));
        await page.getByTestId('user-query').fill(String(u.id));
        await page.getByTestId('user-search').click();
        await page.getByTestId('user-row').first().click();
        await page.getByTestId('user-detail').waitFor();
        await shot(page, out, name('4-user'), { fullPage: true });
        await page.getByTestId('user-freeze').click();
        await page.getByTestId('reason-submit').click();
        await shot(page, out, name('5-freeze-dialog'), { settleMs: 200 });
        await page.keyboard.press('Escape');
        await goToPage(page, 'house');
        await page.getByTestId('house-ledger').waitFor();
        await shot(page, out, name('6-house'), { fullPage: true });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
