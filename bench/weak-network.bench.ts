/**
 * The market list on a weak network (issue 9), on the production build from a real server with live
 * simulated markets, in Chromium at a phone viewport:
 * - cold: a first visit over an emulated slow 3G link (400 kbit/s both ways, 400 ms round trip),
 *   time from navigation until the list shows prices (goal < 5 s);
 * - warm offline: after that one visit (service worker in control, prices saved by the worker), the
 *   network off, time from a new navigation until the list shows the cached prices and their age
 *   (goal ≤ 1 s).
 * Each is run RUNS times (fresh profile each time) and the median printed against its goal.
 * Needs `npm run build` first. Run: `npm run bench -- weak-network`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { PHONE, appUrl, launchBrowser, waitForServiceWorker } from '../tests/support/e2e';
import { startTestServer } from '../tests/support/server';

const RUNS = Number(process.env.WEAK_NETWORK_RUNS ?? 3);
const MARKET = '/pages/market/market';
const GOALS = { coldMs: 5_000, warmMs: 1_000 };
/** Chromium network emulation of slow 3G as issue 9 defines it: bytes per second and latency. */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Milliseconds from navigation start until every shown row has a price (and, if asked, an age). */
async function timeToPrices(page: Page, withAge: boolean): Promise<number> {
  await page.waitForFunction(
    (age) => {
      const cells = [...document.querySelectorAll('[data-testid="market-row"] [data-testid="market-last"]')];
      const priced = cells.length > 0 && cells.every((c) => /\d/.test(c.textContent ?? ''));
      return priced && (!age || document.querySelector('[data-testid="market-age"]') !== null);
    },
    withAge,
    { timeout: 60_000, polling: 'raf' },
  );
  return page.evaluate(() => performance.now());
}

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
}

async function main(): Promise<number> {
  const server = await startTestServer();
  const browser = await launchBrowser();
  const cold: number[] = [];
  const warm: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await throttle(context, page);
      await page.goto(appUrl(server.origin, MARKET));
      cold.push(await timeToPrices(page, false));
      // Let the service worker take control and the worker save the tickers (about 2 s after a change).
      await waitForServiceWorker(page);
      await page.waitForTimeout(3_500);
      await context.setOffline(true);
      await page.goto('about:blank');
      await page.goto(appUrl(server.origin, MARKET));
      warm.push(await timeToPrices(page, true));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const c = median(cold);
  const w = median(warm);
  const row = (name: string, ms: number, goal: number, all: number[]) =>
    `  ${name.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms   goal ${goal === GOALS.coldMs ? '<' : '≤'} ${goal} ms: ${ms <= goal ? 'met' : 'NOT MET'}   (runs ${all.map((x) => x.toFixed(0)).join(', ')}; ${(ms / goal).toFixed(2)}× the goal)`;
  console.log(`Market list on a weak network, median of ${RUNS}:`);
  console.log(row('cold, slow 3G (400 kbit/s)', c, GOALS.coldMs, cold));
  console.log(row('warm, offline, cached', w, GOALS.warmMs, warm));
  return c < GOALS.coldMs && w <= GOALS.warmMs ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
