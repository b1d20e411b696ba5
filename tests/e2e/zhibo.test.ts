import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import { OPS_TOKEN, opsCall } from '../support/bank';
import { PHONE, appUrl, serverAndBrowser } from '../support/e2e';

describe('live stream page', () => {
  const env = serverAndBrowser(() => startTestServer({ operatorToken: OPS_TOKEN, simMarket: false }));

  it('says when nothing is on, plays what the operator set, and never fetches it unasked on a metered link', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(appUrl(env.server.origin, '/pages/zhibo/zhibo'));
    await page.getByTestId('live-none').waitFor();

    const start = Date.now() + 86_400_000;
    await opsCall(env.server.origin, 'POST', 'zhibo/set', {
      url: '/live/next.m3u8',
      title: 'Weekly AMA',
      startsAt: start,
    });
    await page.reload();
    await page.getByTestId('live-next').waitFor();
    expect(await page.getByTestId('live-next').textContent()).toContain('Weekly AMA');

    // On air, on an unmetered link: it starts by itself; this site serves no such playlist, and the
    // page says the stream cannot be played rather than spinning.
    await opsCall(env.server.origin, 'POST', 'zhibo/set', { url: '/live/missing.m3u8', title: 'Launch' });
    const playlists: string[] = [];
    page.on('request', (r) => r.url().includes('/live/') && playlists.push(r.url()));
    await page.reload();
    await page.getByTestId('live-on').waitFor();
    await page.getByTestId('live-failed').waitFor({ timeout: 20_000 });
    expect(playlists.length).toBeGreaterThan(0);
    await context.close();

    // Data saver on: nothing is fetched until the tap.
    const saver = await env.browser.newContext(PHONE);
    await saver.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
    );
    const metered = await saver.newPage();
    const fetched: string[] = [];
    metered.on('request', (r) => r.url().includes('/live/') && fetched.push(r.url()));
    await metered.goto(appUrl(env.server.origin, '/pages/zhibo/zhibo'));
    await metered.getByTestId('live-metered').waitFor();
    await metered.waitForTimeout(1_000);
    expect(fetched).toEqual([]);
    await metered.getByTestId('live-play').click();
    await metered.getByTestId('live-failed').waitFor({ timeout: 20_000 });
    expect(fetched.length).toBeGreaterThan(0);
    await saver.close();

    // A browser without native HLS (Firefox, older Chrome): hls.js, loaded for this page only, plays
    // through Media Source and reports the missing playlist the same way.
    const mse = await env.browser.newContext(PHONE);
    await mse.addInitScript(() => {
      HTMLMediaElement.prototype.canPlayType = () => '';
    });
    const viaHls = await mse.newPage();
    const scripts: string[] = [];
    viaHls.on('request', (r) => r.url().endsWith('.js') && scripts.push(r.url()));
    await viaHls.goto(appUrl(env.server.origin, '/pages/zhibo/zhibo'));
    await viaHls.getByTestId('live-failed').waitFor({ timeout: 30_000 });
    expect(scripts.some((u) => /\/hls-[^/]*\.js$/.test(u))).toBe(true);
    await mse.close();
  });
});
