// Screenshots of the console's review pages (phase 2) for review, not a test: each page and a
// detail, en and zh, dark and light, phone (390×844) and desktop (1280×800). Against a build:
//   OPS_OUT_DIR=/tmp/rev-dist-ops npx vite build --config vite.ops.config.ts
//   TEST_DIST_DIR=/tmp/rev-dist SHOTS=/work/shots/ops-reviews npx tsx tests/e2e/ops-console-reviews-shots.script.ts
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { Lang, Theme } from '../../domain/locale';
import { opsCall, startBankServer } from '../support/bank';
import { launchBrowser, PHONE, shot } from '../support/e2e';
import { goToPage, OPS_TEST_PASSWORD, openConsole, signInConsole } from '../support/ops-console';
import { fillReviews } from '../support/ops-console-reviews';

const out = process.env.SHOTS ?? '/tmp/ops-console-reviews-shots';
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** Opens the first row of a list at `path` and waits for `ready`. */
async function openFirst(page: Page, path: string, row: string, ready: string): Promise<void> {
  await goToPage(page, path);
  await page.getByTestId(row).first().click();
  await page.getByTestId(ready).waitFor();
}

const server = await startBankServer();
await fillReviews(server.origin, server.dataDir, true);
const browser = await launchBrowser();
let n = 0;
try {
  for (const [size, device] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const lang of ['en', 'zh'] as Lang[]) {
      for (const theme of ['dark', 'light'] as Theme[]) {
        // One reviewer per run: each enrols at its first sign-in (a TOTP code is good once).
        const name = `shots${(n += 1)}`;
        await opsCall(server.origin, 'POST', 'operators/create', {
          name,
          role: 'reviewer',
          password: OPS_TEST_PASSWORD,
        });
        const file = (s: string) => `${size}-${lang}-${theme}-${s}`;
        const full = { fullPage: true, settleMs: 300 };
        const context = await browser.newContext(device);
        const page = await context.newPage();
        page.on('pageerror', (e) => console.error('page error', e.message));
        await openConsole(page, server.origin, { lang, theme });
        await signInConsole(page, name, OPS_TEST_PASSWORD);

        await goToPage(page, 'merchant-applications');
        await page.getByTestId('queue-row').first().waitFor();
        await shot(page, out, file('1-merchant-applications'), full);
        await openFirst(page, 'merchant-applications', 'queue-row', 'queue-detail');
        await page.getByTestId('decide-refuse').click();
        await page.getByTestId('reason-submit').click();
        await shot(page, out, file('1b-merchant-refuse'), { settleMs: 200 });
        await page.keyboard.press('Escape');

        await goToPage(page, 'appeals');
        await page.getByTestId('queue-row').first().waitFor();
        await shot(page, out, file('2-appeals'), full);
        await openFirst(page, 'appeals', 'queue-row', 'appeal-chat');
        await page.getByTestId('evidence-buyer').locator('img').nth(1).waitFor();
        await shot(page, out, file('2b-appeal-detail'), full);
        await page.locator('.decisions button').first().click();
        await shot(page, out, file('2c-appeal-decide'), { settleMs: 200 });
        await page.keyboard.press('Escape');

        await goToPage(page, 'p2p-freezes');
        await page.getByTestId('freeze-row').first().waitFor();
        await shot(page, out, file('3-freezes'), full);

        await goToPage(page, 'listings');
        await page.getByTestId('queue-row').first().waitFor();
        await shot(page, out, file('4-listings'), full);
        await openFirst(page, 'listings', 'queue-row', 'queue-detail');
        await shot(page, out, file('4b-listing-detail'), full);

        await goToPage(page, 'ieo');
        await page.getByTestId('ieo-row').first().waitFor();
        await shot(page, out, file('5-ieo'), full);
        await page.getByTestId('ieo-new').click();
        await page.getByTestId('ieo-save').click();
        await shot(page, out, file('5b-ieo-new-errors'), full);
        await openFirst(page, 'ieo', 'ieo-row', 'ieo-editor');
        await shot(page, out, file('5c-ieo-edit'), full);

        await goToPage(page, 'earn');
        await page.getByTestId('earn-row').first().waitFor();
        await page
          .getByTestId('reserve-line')
          .first()
          .waitFor({ timeout: 3000 })
          .catch(() => undefined);
        await shot(page, out, file('6-earn'), full);
        await page.getByTestId('earn-row').filter({ hasText: 'USDT 90-day lock' }).click();
        await page.getByTestId('earn-editor').waitFor();
        await shot(page, out, file('6b-earn-edit'), full);
        await goToPage(page, 'earn');
        await page.getByTestId('earn-row').first().waitFor();
        const open = page.getByTestId('earn-row').filter({ hasNotText: 'USDT 90-day lock' }).first();
        if (await open.count()) {
          await open.click();
          await page.getByTestId('earn-editor').waitFor();
          await shot(page, out, file('6c-earn-locked'), full);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
