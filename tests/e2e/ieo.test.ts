// A person subscribes to a project in the browser, confirms with the trade password, and after the
// window ends sees their allocation on the detail page and in the log. IEO_SHOTS=<dir> keeps
// screenshots of every page at 390×844 in en, id and zh, dark and light.
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../domain/locale';
import { appUrl, login, open, PHONE, serverAndBrowser, setPrefs, shot } from '../support/e2e';
import { createProject, S, startIeoServer, subscriber, TRADE_PWD, type IeoServer } from '../support/ieo';

const SHOTS = process.env.IEO_SHOTS;

describe('new-coin subscription', () => {
  const env = serverAndBrowser<IeoServer>(() => startIeoServer());

  it('subscribes, is refused above the cap with the amount kept, and sees the allocation after the end', async () => {
    const s = env.server;
    const me = await subscriber(s, '1000', { tradePassword: true });
    const upcoming = await createProject(s, {
      name: 'Orbit Preheat',
      opensAt: s.clock.now() + 3_600 * S,
      closesAt: s.clock.now() + 7_200 * S,
    });
    const p = await createProject(s, { name: 'Nova Launch' });
    s.clock.advance(10 * S);
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await login(page, s.origin, me.account);

    await open(page, s.origin, '/pages/ieo/index', '[data-testid="ieo-list"]');
    const card = page.locator(`[data-testid="ieo-card"][data-id="${p.id}"]`);
    expect(await card.getByTestId('ieo-phase').getAttribute('data-phase')).toBe('subscribe');
    expect(
      await page
        .locator(`[data-testid="ieo-card"][data-id="${upcoming.id}"] [data-testid="ieo-phase"]`)
        .getAttribute('data-phase'),
    ).toBe('preheat');
    await expect.poll(() => card.getByTestId('ieo-countdown').textContent()).toMatch(/00:00:0\d/);
    await card.click();
    await page.getByTestId('ieo-amount').waitFor();
    expect(await page.getByTestId('ieo-rule').textContent()).toContain('floor(');

    // Above the cap: refused as typed, nothing sent, the amount kept.
    await page.getByTestId('ieo-amount').fill('150');
    await page.getByTestId('ieo-amount-error').waitFor();
    expect(await page.getByTestId('ieo-amount').inputValue()).toBe('150');

    await page.getByTestId('ieo-amount').fill('50');
    await page.getByTestId('ieo-subscribe').click();
    await page.getByTestId('ieo-password').fill(TRADE_PWD);
    expect(await page.getByTestId('confirm-amount').textContent()).toContain('50');
    await page.getByTestId('ieo-confirm').click();
    await page.getByTestId('ieo-confirm').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('ieo-committed').textContent()).toContain('50');

    // The window ends; the area's timer allocates (run at once on the fake clock).
    s.clock.advance(10 * S);
    await s.ieo.sweep();
    await page.reload();
    await page.getByTestId('ieo-my-allocation').waitFor();
    // Undersubscribed: 50 USDT buy the full 10 lots of 10 coins.
    expect(await page.getByTestId('ieo-my-allocated').textContent()).toContain(`+100 ${p.coin}`);

    await open(page, s.origin, '/pages/ieo/log?view=allocations', '[data-testid="ieo-allocation"]');
    expect(await page.getByTestId('ieo-allocation-amount').textContent()).toContain(`+100 ${p.coin}`);
    await page.getByTestId('ieo-tab-commits').click();
    await page.getByTestId('ieo-commit').waitFor();

    // The project's links as the operator entered them.
    await open(page, s.origin, `/pages/ieo/link?id=${p.id}`, '[data-testid="ieo-link-list"]');
    expect(await page.getByTestId('ieo-link-whitepaper').getAttribute('href')).toBe(
      'https://nova.example/paper.pdf',
    );
    // Without an id the route is still the coin-listing application.
    await page.goto(appUrl(s.origin, '/pages/ieo/link'));
    await page.getByTestId('listing-form').waitFor();

    if (SHOTS) {
      const live = await createProject(s, {
        name: 'Comet Sale',
        opensAt: s.clock.now() + S,
        closesAt: s.clock.now() + 86_400 * S,
      });
      s.clock.advance(S);
      for (const lang of ['en', 'id', 'zh'] as Lang[]) {
        for (const theme of ['dark', 'light'] as const) {
          await setPrefs(page, s.origin, { lang, theme });
          const at = (name: string) => shot(page, SHOTS, `${name}-${lang}-${theme}`, { settleMs: 300 });
          await open(page, s.origin, '/pages/ieo/index', '[data-testid="ieo-list"]');
          await at('index');
          await open(page, s.origin, `/pages/ieo/detail?id=${live.id}`, '[data-testid="ieo-amount"]');
          await at('detail-open');
          await page.getByTestId('ieo-amount').fill('20');
          await page.getByTestId('ieo-subscribe').click();
          await page.getByTestId('ieo-password').waitFor();
          await at('confirm');
          await page.keyboard.press('Escape');
          await open(page, s.origin, `/pages/ieo/detail?id=${p.id}`, '[data-testid="ieo-my-allocation"]');
          await at('detail-ended');
          await open(page, s.origin, '/pages/ieo/log?view=allocations', '[data-testid="ieo-allocation"]');
          await page.locator('[data-testid="ieo-receipt"] summary').first().click();
          await at('log');
          await open(page, s.origin, `/pages/ieo/link?id=${p.id}`, '[data-testid="ieo-link-list"]');
          await at('links');
        }
      }
    }
    await context.close();
  });
});
