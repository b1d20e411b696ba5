// Issue 29: at 390 px nothing on a page may cross the viewport's edge or make the page scroll
// sideways. Checked WITH DATA (an open position, an entrusting limit, a closed order), since an empty
// list has no long timestamp to push a card wider, in the languages with the longest dates.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser } from '../support/accounts';
import { fund } from '../support/assets';
import { lever, openOrder, spotPair, startLeverServer } from '../support/lever';
import { PHONE, open, serverAndBrowser, login, setLang } from '../support/e2e';

/** Where the page crosses the viewport: its scroll width and every visible box past either edge. */
export async function edgeCrossings(
  page: Page,
): Promise<{ width: number; scrollWidth: number; boxes: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const boxes: string[] = [];
    /** An ancestor that clips or scrolls sideways: what it holds may lie past the edge on purpose. */
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('#root *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      // A card is an edge too: its text may not run past its border (the timestamp did).
      const card = el.parentElement?.closest('.card, .order-card');
      const right = card ? Math.min(width, card.getBoundingClientRect().right) : width;
      const left = card ? card.getBoundingClientRect().left : 0;
      if ((r.right > right + 0.5 || r.left < left - 0.5) && !clipped(el)) {
        const id = el.getAttribute('data-testid') ?? el.className.toString();
        boxes.push(`${el.tagName.toLowerCase()}.${id} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
      }
    }
    return { width, scrollWidth: document.documentElement.scrollWidth, boxes };
  });
}

/** Asserts that nothing crosses the edge (the message names the route and the boxes that do). */
async function expectInside(page: Page, where: string): Promise<void> {
  const found = await edgeCrossings(page);
  expect({ where, scrollWidth: found.scrollWidth, boxes: found.boxes }).toEqual({
    where,
    scrollWidth: found.width,
    boxes: [],
  });
}

describe('nothing crosses the viewport edge at 390 px (issue 29)', () => {
  const env = serverAndBrowser(() => startLeverServer());

  it('contract pages with an open position, an entrusting limit and a closed order', async () => {
    const trade = await spotPair(env.server);
    await trade('BTC/USDT', '64000.00', '0.01');
    const grant = await registerUser(env.server.origin);
    const user = { id: grant.user.id, token: grant.token };
    await fund(env.server.dataDir, user.id, 'USDT', '10000', 'lever');
    const closed = await openOrder(env.server, user, { hands: 1 });
    await lever(env.server, user, 'lever/close', { id: closed.id });
    await openOrder(env.server, user, { hands: 1 });
    await openOrder(env.server, user, { type: 'limit', price: '60000.00', hands: 1 });

    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await login(page, env.server.origin, grant.user.account);
    const position = '[data-testid="lever-position"][data-status="trading"]';
    const pages: [string, string][] = [
      ['/pages/lever/lever?symbol=BTC/USDT', position],
      ['/pages/lever/leverList', position],
      ['/pages/lever/orderList', '[data-testid="lever-order"][data-status="closed"]'],
      ['/pages/trade/entrust', position],
    ];
    // English writes the longest times (12-hour, AM/PM); Indonesian and Chinese the other scripts.
    for (const lang of ['en', 'id', 'zh'] as const) {
      await setLang(page, env.server.origin, lang);
      for (const [route, ready] of pages) {
        await open(page, env.server.origin, route, ready);
        await page.waitForSelector(
          '[data-testid="lever-position"][data-status="entrusting"], [data-testid="lever-order"][data-status="entrusting"]',
        );
        await expectInside(page, `${lang} ${route}`);
      }
    }
    await context.close();
  });

  it('a top bar action stays on one line in every script (zh broke "规则" into a column)', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    for (const lang of ['zh', 'jp', 'kor', 'en'] as const) {
      await setLang(page, env.server.origin, lang);
      await open(page, env.server.origin, '/pages/market/second?symbol=BTC/USDT', '.second-rules-btn');
      const lines = await page.evaluate(() => {
        const el = document.querySelector('.topbar__right .second-rules-btn');
        if (!el) return -1;
        const range = document.createRange();
        range.selectNodeContents(el);
        // One box per line the text is laid out on.
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect({ lang, lines }).toEqual({ lang, lines: 1 });
    }
    await context.close();
  });
});
