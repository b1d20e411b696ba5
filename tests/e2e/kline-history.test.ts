import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../server/db/connect';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { PHONE, launchBrowser, open, pageErrors } from '../support/e2e';

const MIN = 60_000;
/** One-minute candles stored before the app starts: more than the first series plus a few pages. */
const STORED = 1_500;
/** The worker's first series (CANDLE_CACHE_LIMIT) and the chart's page size (OLDER_PAGE). */
const FIRST = 500;
const PAGE = 300;
const CHART = '[data-testid="kline-chart"]';
const ROUTE = '/pages/market/kline?symbol=BTC%2FUSDT&interval=1m';

/**
 * Writes `STORED` one-minute BTC/USDT candles ending a minute before `end` straight into the
 * server's `candles` table (server/market/data/candle-store.ts); returns the open times, oldest first.
 */
function seedCandles(dataDir: string, end: number): number[] {
  const db = new Database(path.join(dataDir, DB_FILE_NAME));
  const insert = db.prepare(
    `insert into candles (symbol, interval, t, o, h, l, c, v, qv) values ('BTC/USDT', '1m', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const times: number[] = [];
  db.transaction(() => {
    // A gentle wave, so the chart has something to draw; prices in whole cents like the pair's tick.
    let cents = 6_000_000;
    for (let i = 0; i < STORED; i++) {
      const t = end - (STORED - i) * MIN;
      const open = cents;
      cents += Math.round(Math.sin(i / 40) * 2_000) + ((i * 37) % 11) * 40 - 200;
      const high = Math.max(open, cents) + 900;
      const low = Math.min(open, cents) - 900;
      const price = (c: number) => (c / 100).toFixed(2);
      insert.run(t, price(open), price(high), price(low), price(cents), '1.5000', price(cents * 1.5));
      times.push(t);
    }
  })();
  db.close();
  return times;
}

/** Drags the chart's plot to the right by `dx` CSS pixels: the view moves back in time. */
async function dragRight(page: Page, dx: number): Promise<void> {
  const box = await page.locator(`${CHART} canvas`).first().boundingBox();
  if (!box) throw new Error('the chart has no canvas');
  const y = box.y + box.height * 0.4;
  const x = box.x + box.width * 0.15;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
}

const count = async (page: Page) => Number(await page.getAttribute(CHART, 'data-count'));

describe('K-line history', () => {
  let server: TestServer;
  let browser: Browser;
  let times: number[];
  let dataDir: string | undefined;
  beforeAll(async () => {
    // First start: migrations create the schema. No simulator, so no trade adds a candle later.
    const first = await startTestServer({ simMarket: false });
    dataDir = first.dataDir;
    await first.stop();
    times = seedCandles(dataDir, Math.floor(Date.now() / MIN) * MIN);
    [server, browser] = await Promise.all([startTestServer({ simMarket: false, dataDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    // Passed in as an override, the directory is ours to remove (startTestServer keeps it).
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads older candles, page by page, when the chart is dragged back to its left edge', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    // Every history request (`before` set), and how many were in flight at once.
    const older: { before: number; limit: number }[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const isOlder = (url: string) => {
      const u = new URL(url);
      return u.pathname.endsWith('/api/market/candles') && u.searchParams.has('before');
    };
    page.on('request', (r) => {
      if (!isOlder(r.url())) return;
      const q = new URL(r.url()).searchParams;
      expect(q.get('symbol')).toBe('BTC/USDT');
      expect(q.get('interval')).toBe('1m');
      older.push({ before: Number(q.get('before')), limit: Number(q.get('limit')) });
      maxInFlight = Math.max(maxInFlight, ++inFlight);
    });
    const done = (r: { url(): string }) => {
      if (isOlder(r.url())) inFlight -= 1;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);

    await open(page, server.origin, ROUTE, `${CHART}[data-interval="1m"][data-status="ready"]`);
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.getAttribute('data-count') === '500',
      CHART,
    );
    // The newest bars are in view; nothing older was asked for before the user scrolled.
    await page.waitForTimeout(500);
    expect(older).toEqual([]);

    // Drag back in time until all stored history is on the chart.
    const deadline = Date.now() + 40_000;
    while ((await count(page)) < STORED && Date.now() < deadline) {
      await dragRight(page, 280);
      await page.waitForTimeout(120);
    }
    expect(await count(page)).toBe(STORED);

    // Each page asked for candles before the oldest one shown, one page at a time, and the short last
    // page (100 < 300) ended the history.
    const oldest = (shown: number) => times[STORED - shown]!;
    expect(older).toEqual([
      { before: oldest(FIRST), limit: PAGE },
      { before: oldest(FIRST + PAGE), limit: PAGE },
      { before: oldest(FIRST + 2 * PAGE), limit: PAGE },
      { before: oldest(FIRST + 3 * PAGE), limit: PAGE },
    ]);
    expect(maxInFlight).toBe(1);

    // At the very start of history, more dragging asks for nothing more.
    await dragRight(page, 280);
    await dragRight(page, 280);
    await page.waitForTimeout(500);
    expect(older).toHaveLength(4);
    expect(await count(page)).toBe(STORED);
    expect(await page.locator('.kline-chart__older').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages back again on a revisit, when the first series comes from the device cache', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const ready = `${CHART}[data-interval="1m"][data-status="ready"]`;
    await open(page, server.origin, ROUTE, ready);
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.getAttribute('data-count') === '500',
      CHART,
    );
    // The worker writes its candle cache in batches (every 2 s); let it land before reloading.
    await page.waitForTimeout(2_500);
    await page.reload();
    await page.waitForSelector(ready);
    expect(await count(page)).toBe(FIRST);
    const deadline = Date.now() + 40_000;
    while ((await count(page)) <= FIRST && Date.now() < deadline) {
      await dragRight(page, 280);
      await page.waitForTimeout(120);
    }
    expect(await count(page)).toBe(FIRST + PAGE);
    await context.close();
  });
});
