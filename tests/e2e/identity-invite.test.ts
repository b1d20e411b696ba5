import { describe, expect, it } from 'vitest';
import type { AuthCodeGrant } from '../../domain/identity-endpoints';
import { registerUser } from '../support/accounts';
import { startTestServer } from '../support/server';
import { OPS_TOKEN, api, localeText, ops, smallPng } from './funding-support';
import { openNetworkLink } from './network-link';
import { PHONE, open, pageErrors, waitForServiceWorker, serverAndBrowser, login } from '../support/e2e';

describe('invite and team page', () => {
  const env = serverAndBrowser(() => startTestServer({ operatorToken: OPS_TOKEN, simMarket: false }));

  it('shows the promotion code, its QR code and link, copies the link, and lists the team', async () => {
    const origin = env.server.origin;
    const inviter = await registerUser(origin);
    await registerUser(origin, undefined, undefined, { promo: inviter.user.promoCode });
    const context = await env.browser.newContext(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, origin, inviter.user.account);

    // From home's "share link" entry.
    await open(page, origin, '/pages/home/home', '.entry-grid');
    await page.click('a[href$="/pages/mine/invite?view=share"]');
    await page.locator('[data-testid="invite-share"]').waitFor();
    expect(await page.textContent('[data-testid="invite-code"]')).toContain(inviter.user.promoCode);
    expect(await page.locator('[data-testid="invite-share"] svg[role="img"]').count()).toBe(1);
    const link = (await page.textContent('[data-testid="invite-link"]'))!.trim();
    expect(link).toBe(`${origin}/h5/#/pages/mine/register?code=${inviter.user.promoCode}`);

    await page.click('[data-testid="invite-copy-link"]');
    await page
      .getByText(localeText('id', 'errors', 'copySuccess'))
      .first()
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The team: one direct referral, not active yet, listed with a masked account.
    await page.locator('[data-testid="team-direct"]').waitFor();
    expect(await page.textContent('[data-testid="team-direct"]')).toBe('1');
    expect(await page.textContent('[data-testid="team-active"]')).toBe('0');
    await page.locator('[data-testid="team-members"] li').first().waitFor();
    expect(await page.textContent('[data-testid="team-members"]')).toContain('****');

    expect(errors).toEqual([]);
    await context.close();

    // The link registers a new user in this team: opened by someone signed out (a signed-in user is
    // sent to the personal centre), the register form is filled with the code.
    const visitor = await env.browser.newContext(PHONE);
    const fresh = await visitor.newPage();
    await fresh.goto(link);
    await fresh.waitForSelector('form');
    expect(await fresh.inputValue('input[name="promo"]')).toBe(inviter.user.promoCode);
    await visitor.close();
  });

  it('sends an agent without verified identity to verification (998) and back once verified', async () => {
    const origin = env.server.origin;
    const agent = await registerUser(origin);
    await ops(origin, 'users/agent', { account: agent.user.account, agent: 'true' });
    const user = await registerUser(origin);
    const code = (await api<AuthCodeGrant>(origin, user.token, 'team/authCode')).code;
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await login(page, origin, agent.user.account);

    await open(page, origin, '/pages/mine/invite', '[data-testid="agent-add-form"]');
    await page.fill('[data-testid="agent-account"]', user.user.account);
    await page.fill('[data-testid="agent-code"]', code);
    await page.click('[data-testid="agent-add-form"] button[type=submit]');
    await page.waitForURL(/#\/pages\/mine\/real_authentication$/);
    await page.locator('[data-testid="kyc-form"]').waitFor();

    await page.fill('[data-testid="kyc-name"]', 'Siti Rahma');
    await page.fill('[data-testid="kyc-id-number"]', '3201234567890001');
    for (const f of ['frontId', 'backId', 'handId']) {
      await page.setInputFiles(`[data-testid="kyc-${f}-file"]`, {
        name: `${f}.png`,
        mimeType: 'image/png',
        buffer: smallPng(),
      });
      await page.locator(`[data-testid="kyc-${f}-done"]`).waitFor();
    }
    await page.click('[data-testid="kyc-form"] button[type=submit]');
    await page.locator('[data-testid="kyc-state"][data-state="review"]').waitFor();
    const queue = await fetch(`${origin}/api/ops/kyc?status=review`, {
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'x-operator': 'tester' },
    }).then((r) => r.json() as Promise<{ data: { id: number; userId: number }[] }>);
    const mine = queue.data.find((r) => r.userId === agent.user.id)!;
    await ops(origin, 'kyc/approve', { id: String(mine.id) });
    // Verified (pushed over the socket): back where the 998 came from; the code is still valid.
    await page.waitForURL(/#\/pages\/mine\/invite$/, { timeout: 5_000 });
    await page.fill('[data-testid="agent-account"]', user.user.account);
    await page.fill('[data-testid="agent-code"]', code);
    await page.click('[data-testid="agent-add-form"] button[type=submit]');
    await page.locator('[data-testid="team-members"] li').first().waitFor();
    expect(await page.textContent('[data-testid="team-direct"]')).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders the team and the credit score offline after one visit, dated', async () => {
    const origin = env.server.origin;
    const inviter = await registerUser(origin);
    await registerUser(origin, undefined, undefined, { promo: inviter.user.promoCode });
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const link = await openNetworkLink(origin);
    const web = link.origin;
    await login(page, web, inviter.user.account);
    await open(page, web, '/pages/mine/invite', '[data-testid="team-direct"]');
    await waitForServiceWorker(page);
    await open(page, web, '/pages/home/ping', '[data-testid="credit-factors"]');
    expect(await page.locator('[data-testid="credit-saved"]').count()).toBe(0);

    await link.set(context, false);
    await page.reload();
    await page.locator('[data-testid="credit-factors"]').waitFor();
    expect(await page.textContent('[data-testid="credit-value"]')).toBe('55');
    await page.locator('[data-testid="credit-saved"]').waitFor();
    await open(page, web, '/pages/mine/invite', '[data-testid="team-direct"]');
    expect(await page.textContent('[data-testid="team-direct"]')).toBe('1');
    expect(await page.textContent('[data-testid="invite-code"]')).toContain(inviter.user.promoCode);
    await page.locator('[data-testid="team-saved"]').waitFor();
    await context.close();
    await link.close();
  });
});
