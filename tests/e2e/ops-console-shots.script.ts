// Screenshots of the operator console for review (not a test). Against the development build with
// the demo sign-in (the shared operator token), until operator accounts exist:
//   VITE_OPS_DEMO=1 OPS_OUT_DIR=/tmp/ops-shots-ops npx vite build --config vite.ops.config.ts
//   TEST_DIST_DIR=/tmp/ops-shots SHOTS=/work/shots/ops-ui npx tsx tests/e2e/ops-console-shots.script.ts
// With ops-auth merged, point it at `npm run build`'s output and an admin created with the CLI.
import type { BrowserContextOptions } from 'playwright-core';
import type { Lang, Theme } from '../../domain/locale';
import { OPS_TOKEN, startBankServer } from '../support/bank';
import { launchBrowser, PHONE, shot } from '../support/e2e';
import { fillQueues, goToPage, openConsole, signInConsole } from '../support/ops-console';

const out = process.env.SHOTS ?? '/tmp/ops-console-shots';
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

const server = await startBankServer();
await fillQueues(server);
const browser = await launchBrowser();
try {
  for (const [size, device] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const lang of ['en', 'zh'] as Lang[]) {
      for (const theme of ['dark', 'light'] as Theme[]) {
        const name = (s: string) => `${size}-${lang}-${theme}-${s}`;
        const context = await browser.newContext(device);
        const page = await context.newPage();
        page.on('pageerror', (e) => console.error('page error', e.message));
        await openConsole(page, server.origin, { lang, theme });
        await shot(page, out, name('1-sign-in'));
        await signInConsole(page, 'alice', OPS_TOKEN, {
          beforeCode: () => shot(page, out, name('2-enrol'), { settleMs: 200 }),
        });
        await page
          .getByTestId('count-kyc')
          .filter({ hasText: /^1$/ })
          .waitFor({ timeout: 8000 })
          .catch(() => undefined);
        await shot(page, out, name('3-dashboard'));
        if (size === 'phone') {
          await page.getByTestId('menu').click();
          await shot(page, out, name('3b-menu'));
          await page.getByTestId('menu').click();
        }
        for (const queue of ['kyc', 'withdrawals', 'bank-deposits']) {
          await goToPage(page, queue);
          await page.getByTestId('queue-row').first().waitFor();
          await shot(page, out, name(`4-${queue}`));
          await page.getByTestId('queue-row').first().click();
          await page.getByTestId('queue-detail').waitFor();
          if (queue !== 'withdrawals')
            await page.getByTestId('upload-image').locator('img').first().waitFor();
          await shot(page, out, name(`5-${queue}-detail`), { fullPage: true, settleMs: 300 });
        }
        await page.getByTestId('decide-refuse').click();
        await page.getByTestId('reason-submit').click();
        await shot(page, out, name('6-refuse-dialog'));
        await page.keyboard.press('Escape');
        await goToPage(page, 'audit');
        await page.getByTestId('audit-row').first().waitFor();
        await shot(page, out, name('7-audit'), { fullPage: size === 'desktop' });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
