// Screenshots of every route of spec §2 as the demo account sees them, for review (not a test):
// npm run build && npx tsx tests/e2e/tour-shots.script.ts [lang] [theme] [path part]
// (SHOTS=<dir>, /tmp/tour by default; a path part such as `assets/` keeps the routes that contain it)
// Routes that need a query (a news item, a P2P order) show what a deep link without one shows.
import type { Lang, Theme } from '../../domain/locale';
import { ROUTES } from '../../src/routes/route-table';
import { appUrl, launchBrowser, login, pageErrors, PHONE, setPrefs, shot } from '../support/e2e';
import { startTestServer } from '../support/server';

const lang = (process.argv[2] ?? 'en') as Lang;
const theme = (process.argv[3] ?? 'dark') as Theme;
const only = process.argv[4] ?? '';
const out = process.env.SHOTS ?? '/tmp/tour';

const server = await startTestServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors = pageErrors(page);
  await login(page, server.origin);
  await setPrefs(page, server.origin, { lang, theme });
  for (const route of ROUTES) {
    if (!route.path.includes(only)) continue;
    if (route.path.endsWith('/login') || route.path.endsWith('/register')) continue;
    await page.goto(appUrl(server.origin, route.path));
    await page.locator('.screen').first().waitFor();
    await page.waitForTimeout(1_500);
    const name = route.path.replace(/^\/(pages\/)?/, '').replaceAll('/', '-');
    await shot(page, out, `${lang}-${theme}-${name}`);
  }
  console.info(
    `${ROUTES.length} routes → ${out}; page errors: ${errors.length ? errors.join('\n') : 'none'}`,
  );
} finally {
  await browser.close();
  await server.close();
}
