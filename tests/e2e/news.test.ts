import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import { OPS_TOKEN, opsCall, PNG } from '../support/bank';
import { openNetworkLink } from './network-link';
import { PHONE, appUrl, open, pageErrors, waitForServiceWorker, serverAndBrowser } from '../support/e2e';

describe('news and help centre', () => {
  const env = serverAndBrowser(() => startTestServer({ operatorToken: OPS_TOKEN, simMarket: false }));

  it('shows notices on home, renders an article safely, and opens it offline after one visit', async () => {
    const pub = (f: Record<string, string>) => opsCall(env.server.origin, 'POST', 'news/publish', f);
    const notice = (
      await pub({
        lang: 'id',
        title: 'Pemeliharaan sistem',
        body: '## Jadwal\n\nKami **memperbarui** sistem pukul 02:00. [Aturan](https://example.com/rules)',
        pinned: 'true',
        coverMime: 'image/png',
        coverData: PNG,
      })
    ).body.data;
    await pub({ lang: 'id', title: 'Cara deposit', body: 'Buka **Aset**, lalu Deposit.', help: 'true' });

    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const link = await openNetworkLink(env.server.origin);
    await open(page, link.origin, '/', '.hero');
    await waitForServiceWorker(page);
    await page.getByTestId('home-notice').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('home-notice').first().click();
    await page.getByTestId('article').waitFor();
    expect(await page.locator('.article-body h2').textContent()).toBe('Jadwal');
    expect(await page.locator('.article-body strong').textContent()).toBe('memperbarui');
    expect(await page.locator('.article-body a').getAttribute('rel')).toContain('noopener');
    await page.locator('.article__cover[src^="data:image/png"]').waitFor();

    await page.goto(appUrl(link.origin, '/pages/home/news?tab=help'));
    await page.getByTestId('help-search').fill('deposit');
    await page.getByText('Cara deposit').waitFor();
    await page.getByTestId('help-search').fill('tidak ada');
    await page.getByTestId('news-empty').waitFor();

    // The second visit is offline: the list and the article read before come from the device, dated.
    await link.set(context, false);
    await page.goto(appUrl(link.origin, '/pages/home/news'));
    await page.reload();
    await page.getByTestId('news-offline').waitFor();
    await page.getByTestId('news-age').waitFor();
    // Both lists seen online were kept: the notices and the help article found by the search.
    expect(await page.getByTestId('news-item').count()).toBe(2);
    await page.getByTestId('news-item').filter({ hasText: notice.title }).click();
    await page.getByTestId('article').waitFor();
    await page.getByTestId('article-age').waitFor();
    expect(await page.locator('.article__title').textContent()).toBe(notice.title);
    expect(await page.locator('.article-body strong').textContent()).toBe('memperbarui');
    await link.set(context, true);
    expect(errors).toEqual([]);
    await context.close();
    await link.close();
  });
});
