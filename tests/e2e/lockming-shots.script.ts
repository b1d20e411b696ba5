// Screenshots of the lock-up pages for review (not a test):
// TEST_DIST_DIR=<built app> npx tsx tests/e2e/lockming-shots.script.ts [lang] [theme]
import type { Page } from 'playwright-core';
import type { Lang, Theme } from '../../domain/locale';
import { registerUser } from '../support/accounts';
import { call, dataOf, fund } from '../support/assets';
import { OPS_TOKEN } from '../support/bank';
import { appUrl, launchBrowser, login, PHONE, setPrefs, shot } from '../support/e2e';
import { startTestServer } from '../support/server';

const lang = (process.argv[2] ?? 'en') as Lang;
const theme = (process.argv[3] ?? 'dark') as Theme;
const out = process.env.SHOTS ?? '/tmp/lockming-shots';

const server = await startTestServer({ operatorToken: OPS_TOKEN, simMarket: false });
const me = await registerUser(server.origin);
await fund(server.dataDir, me.user.id, 'USDT', '1000', 'finance');
dataOf(await call(server.origin, 'lockming/lock', me.token, { productId: 1, amount: '250' }));
const browser = await launchBrowser();
try {
  const context = await browser.newContext(PHONE);
  const page: Page = await context.newPage();
  await login(page, server.origin, me.user.account);
  await setPrefs(page, server.origin, { lang, theme });
  await page.waitForTimeout(4000);
  await page.goto(appUrl(server.origin, '/pages/lockming/index'));
  await page.locator('[data-testid="lockming-product"]').first().waitFor();
  await shot(page, out, `${lang}-${theme}-index`);
  await page.locator('[data-testid="lockming-pick"]').first().click();
  await page.getByTestId('lockming-amount').fill('150');
  await page.waitForTimeout(500);
  await page.getByTestId('lockming-form').scrollIntoViewIfNeeded();
  await shot(page, out, `${lang}-${theme}-form`);
  await page.locator('[data-testid="lockming-form"] button[type=submit]').click();
  await shot(page, out, `${lang}-${theme}-confirm`, { settleMs: 500 });
  await page.keyboard.press('Escape');
  await page.getByTestId('lockming-tab-savings').click();
  await shot(page, out, `${lang}-${theme}-savings`, { settleMs: 300 });
  await page.goto(appUrl(server.origin, '/pages/lockming/list'));
  await page.locator('[data-testid="lockming-position"]').first().waitFor();
  await page.getByTestId('lockming-receipts-toggle').first().click();
  await shot(page, out, `${lang}-${theme}-list`, { settleMs: 300 });
  await page.getByTestId('lockming-redeem').first().click();
  await shot(page, out, `${lang}-${theme}-redeem`, { settleMs: 500 });
} finally {
  await browser.close();
  await server.close();
}
