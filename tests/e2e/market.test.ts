import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { CatalogInfo } from '../../domain/market';
import { openNetworkLink } from './network-link';
import { PHONE, open, pageErrors, waitForServiceWorker, serverAndBrowser } from '../support/e2e';

const MARKET = '/pages/market/market';
const ROW = '[data-testid="market-row"]';

/** Last prices of the rows shown, by symbol. */
function lastPrices(page: Page): Promise<Record<string, string>> {
  return page.$$eval(ROW, (rows) =>
    Object.fromEntries(
      rows.map((r) => [
        r.getAttribute('data-symbol') ?? '',
        r.querySelector('[data-testid="market-last"]')?.textContent ?? '',
      ]),
    ),
  );
}

/** Waits until every row shows a price (cached or live), not the `--` placeholder. */
async function waitForPrices(page: Page): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const cells = [...document.querySelectorAll(`${sel} [data-testid="market-last"]`)];
      return cells.length > 0 && cells.every((c) => /\d/.test(c.textContent ?? ''));
    },
    ROW,
    { timeout: 20_000 },
  );
}

describe('spot markets', () => {
  const env = serverAndBrowser();
  let catalog: CatalogInfo;
  beforeAll(async () => {
    const res = await fetch(`${env.server.origin}/api/market/catalog`);
    catalog = ((await res.json()) as { data: CatalogInfo }).data;
  });

  async function phone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    return { context, page, errors: pageErrors(page) };
  }

  it('lists every pair of a quote tab with live prices that update', async () => {
    const { context, page, errors } = await phone();
    await open(page, env.server.origin, MARKET, ROW);
    const quote = catalog.quotes[0]!;
    const symbols = catalog.pairs.filter((p) => p.quote === quote).map((p) => p.symbol);
    await waitForPrices(page);
    expect(Object.keys(await lastPrices(page)).sort()).toEqual([...symbols].sort());
    expect(await page.locator('[data-testid="sim-badge"]').count()).toBe(1);
    expect(await page.locator('[data-testid="market-status"][data-status="trading"]').count()).toBe(
      symbols.length,
    );

    // The simulator trades: some price on the list changes without a reload.
    const before = await lastPrices(page);
    await page.waitForFunction(
      ({ sel, prev }) =>
        [...document.querySelectorAll(sel)].some(
          (r) =>
            r.querySelector('[data-testid="market-last"]')?.textContent !==
            prev[r.getAttribute('data-symbol') ?? ''],
        ),
      { sel: ROW, prev: before },
      { timeout: 30_000 },
    );

    // Another quote tab lists its own pairs.
    const other = catalog.quotes[1];
    if (other) {
      await page.click(`[data-testid="tab-${other}"]`);
      const want = catalog.pairs.filter((p) => p.quote === other).map((p) => p.symbol);
      await page.waitForFunction(({ sel, n }) => document.querySelectorAll(sel).length === n, {
        sel: ROW,
        n: want.length,
      });
      expect(Object.keys(await lastPrices(page)).sort()).toEqual(want.sort());
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the list frame while the catalog loads, then fills the same rows in place', async () => {
    const { context, page, errors } = await phone();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await context.route(/\/api\/market\/catalog/, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${env.server.origin}/h5/#${MARKET}`);
    const frame = page.getByTestId('market-loading');
    await frame.waitFor();
    // Rows of dashes in the rows' own boxes, a busy state for assistive technology, no list yet.
    expect(await frame.getAttribute('aria-busy')).toBe('true');
    expect(await frame.locator('.market-row').count()).toBeGreaterThan(3);
    expect(await frame.locator('.market-row__last').first().textContent()).toBe('--');
    expect(await page.locator(ROW).count()).toBe(0);
    const rowTop = await frame.locator('.market-row').first().boundingBox();
    release();
    await page.locator(ROW).first().waitFor();
    expect(await frame.count()).toBe(0);
    // The first real row sits where the first placeholder row was: nothing jumped.
    expect((await page.locator(ROW).first().boundingBox())?.y).toBe(rowTop?.y);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters the list by the search box', async () => {
    const { context, page } = await phone();
    await open(page, env.server.origin, MARKET, ROW);
    await page.fill('[data-testid="market-search"]', 'eth');
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, ROW);
    expect(await page.getAttribute(ROW, 'data-symbol')).toBe('ETH/USDT');
    await page.fill('[data-testid="market-search"]', 'zzz');
    await page.waitForSelector('[data-testid="market-empty"]');
    expect(await page.locator(ROW).count()).toBe(0);
    await context.close();
  });

  it('keeps a favourite across a reload', async () => {
    const { context, page } = await phone();
    await open(page, env.server.origin, MARKET, ROW);
    await page.click('[data-testid="tab-favourites"]');
    await page.waitForSelector('[data-testid="market-empty"]');
    await page.click(`[data-testid="tab-${catalog.quotes[0]!}"]`);
    await page.click(`${ROW}[data-symbol="SOL/USDT"] [data-testid="favourite-toggle"]`);
    // The worker keeps favourites in IndexedDB (kv row `favourites`); wait for the write to land.
    // (Polled from here: Playwright's waitForFunction takes an async predicate's promise as true.)
    const stored = () =>
      page.evaluate(
        async () =>
          // Never opened from here before the worker created it (a first visit's worker creates it
          // with its first write): opening it would create an empty one.
          (await indexedDB.databases()).some((d) => d.name === 'exchange-core') &&
          new Promise<boolean>((resolve) => {
            const req = indexedDB.open('exchange-core');
            req.onupgradeneeded = () => req.transaction?.abort();
            req.onerror = () => resolve(false);
            req.onsuccess = () => {
              const db = req.result;
              try {
                const get = db.transaction('kv').objectStore('kv').get('favourites');
                get.onsuccess = () => {
                  const row = get.result as { value?: unknown } | undefined;
                  resolve(Array.isArray(row?.value) && row.value.includes('SOL/USDT'));
                  db.close();
                };
                get.onerror = () => {
                  resolve(false);
                  db.close();
                };
              } catch {
                resolve(false);
                db.close();
              }
            };
          }),
      );
    await expect.poll(stored, { timeout: 10_000 }).toBe(true);

    await page.reload();
    await page.waitForSelector(ROW);
    await page.click('[data-testid="tab-favourites"]');
    await expect.poll(() => page.locator(ROW).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getAttribute(ROW, 'data-symbol')).toBe('SOL/USDT');
    expect(await page.getAttribute(`${ROW} [data-testid="favourite-toggle"]`, 'aria-pressed')).toBe('true');
    await context.close();
  });

  it('opens the K-line page from the list: chart, intervals, book, trades and trade links', async () => {
    const { context, page, errors } = await phone();
    await open(page, env.server.origin, MARKET, ROW);
    await page.click(`${ROW}[data-symbol="BTC/USDT"] [data-testid="market-link"]`);
    await page.waitForSelector('[data-testid="kline-chart"] canvas');
    expect(page.url()).toContain('#/pages/market/kline?symbol=BTC%2FUSDT');
    await page.waitForSelector('[data-testid="kline-chart"][data-status="ready"]', { timeout: 20_000 });
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="kline-last"]')?.textContent ?? ''),
    );

    await page.click('[data-testid="interval-1m"]');
    await page.waitForSelector('[data-testid="kline-chart"][data-interval="1m"][data-status="ready"]', {
      timeout: 20_000,
    });
    const count = Number(await page.getAttribute('[data-testid="kline-chart"]', 'data-count'));
    expect(count).toBeGreaterThan(0);
    expect(page.url()).toContain('interval=1m');

    // Order book with 10 rows per side at most, then 20.
    await page.waitForSelector('[data-testid="book-bids"] [data-testid="book-row"]', { timeout: 20_000 });
    expect(
      await page.locator('[data-testid="book-bids"] [data-testid="book-row"]').count(),
    ).toBeLessThanOrEqual(10);
    await page.click('[data-testid="book-rows-20"]');
    await page.waitForSelector('[data-testid="order-book"][data-rows="20"]');

    await page.click('[data-testid="panel-trades"]');
    await page.waitForSelector('[data-testid="trade-row"]', { timeout: 20_000 });

    expect(await page.getAttribute('[data-testid="kline-buy"]', 'href')).toBe(
      '#/pages/trade/trade?symbol=BTC%2FUSDT&side=buy',
    );
    expect(await page.getAttribute('[data-testid="kline-sell"]', 'href')).toBe(
      '#/pages/trade/trade?symbol=BTC%2FUSDT&side=sell',
    );
    expect(await page.locator('a[href="https://www.tradingview.com/"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reloads offline with the cached catalog and tickers: catalog order, trading state, age', async () => {
    const { context, page } = await phone();
    const link = await openNetworkLink(env.server.origin);
    await open(page, link.origin, MARKET, ROW);
    await waitForServiceWorker(page);
    await page.waitForSelector(ROW);
    await waitForPrices(page);
    const online = await lastPrices(page);
    // The worker writes tickers to IndexedDB about 2 s after they change.
    await page.waitForTimeout(3_500);

    await link.set(context, false);
    await page.reload();
    await page.waitForSelector('.offline-banner');
    await page.waitForSelector(ROW);
    await waitForPrices(page);
    const offline = await lastPrices(page);
    expect(Object.keys(offline).sort()).toEqual(Object.keys(online).sort());
    // The worker's cached catalog, not the tickers (alphabetical, no state), decides order and state.
    const listed = catalog.pairs.filter((p) => p.quote === catalog.quotes[0]);
    const order = listed.map((p) => p.symbol);
    expect(order).not.toEqual([...order].sort());
    await page.waitForFunction(
      ({ sel, want }) =>
        [...document.querySelectorAll(sel)].map((r) => r.getAttribute('data-symbol')).join() === want,
      { sel: ROW, want: order.join() },
    );
    const states = await page.$$eval(ROW, (rows) =>
      rows.map((r) => r.querySelector('[data-testid="market-status"]')?.getAttribute('data-status') ?? null),
    );
    expect(states).toEqual(listed.map((p) => p.status));
    const age = await page.waitForSelector('[data-testid="market-age"]');
    expect((await age.textContent())?.trim()).toMatch(/\S/);
    await context.close();
    await link.close();
  });

  it('keeps home and the market list still while prices stream (layout shift under 0.005 in 6 s)', async () => {
    for (const [route, ready] of [
      ['/', '[data-testid="hot-tile"]'],
      [MARKET, ROW],
    ] as const) {
      const { context, page } = await phone();
      await open(page, env.server.origin, route, ready);
      if (route === MARKET) await waitForPrices(page);
      else
        await page.waitForFunction(() =>
          /\d/.test(document.querySelector('.hot-tile__last')?.textContent ?? ''),
        );
      // From here on only prices change: rankings flip and prices gain digits, and no tile, row or
      // column may move for it (the first fill is the frame test's business).
      await page.evaluate(() => {
        const w = window as unknown as { shift: number };
        w.shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!e.hadRecentInput) w.shift += e.value;
          }
        }).observe({ type: 'layout-shift' });
      });
      await page.waitForTimeout(6_000);
      const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
      expect(shift, route).toBeLessThan(0.005);
      await context.close();
    }
  });

  it('shows hot products and gainers on the home page', async () => {
    const { context, page } = await phone();
    await open(page, env.server.origin, '/', '[data-testid="hot-tile"]');
    expect(await page.locator('[data-testid="hot-tile"]').count()).toBe(3);
    expect(await page.locator('[data-testid="gainer-row"]').count()).toBe(5);
    await context.close();
  });
});
