import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fund, violations } from '../support/assets';
import { verifyIdentity } from '../support/identity';
import { startTestServer } from '../support/server';
import { api, freshUser, localeText, OPS_TOKEN, smallPng } from './funding-support';
import { PHONE, open, pageErrors, serverAndBrowser, login } from '../support/e2e';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(ROOT, 'server', 'ops', 'cli.ts');

/** Runs the operator CLI against the test server; resolves with its JSON output. */
function cli(origin: string, args: string[]): Promise<unknown> {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    OPERATOR_TOKEN: OPS_TOKEN,
    OPS_URL: origin,
    OPS_OPERATOR: 'olga',
  };
  return new Promise((resolve, reject) =>
    execFile(TSX, [CLI, ...args], { cwd: ROOT, env, timeout: 30_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message} ${stderr}`)) : resolve(JSON.parse(stdout)),
    ),
  );
}

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 AA violations of what the page shows now (axe-core), as `rule: target` lines. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<unknown> } }).axe;
    const values = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
    const r = (await axe.run(document, { runOnly: { type: 'tag', values } })) as {
      violations: { id: string; nodes: { target: string[] }[] }[];
    };
    return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

const statusOf = (page: Page) => page.getAttribute('[data-testid="order-status"]', 'data-status');
const waitStatus = (page: Page, status: string) =>
  page.waitForSelector(`[data-testid="order-status"][data-status="${status}"]`, { timeout: 15_000 });

describe('fiat P2P: a user and a merchant in two browsers', () => {
  const suite = serverAndBrowser(() => startTestServer({ operatorToken: OPS_TOKEN, simMarket: false }));

  it('applies, publishes, takes, pays, releases live on both sides; an appeal decided through the CLI', async () => {
    const origin = suite.server.origin;
    const merchant = await freshUser(origin);
    const buyer = await freshUser(origin);
    // The bank card the merchant adds below must be in the verified name.
    await verifyIdentity(origin, merchant.token, 'Merchant Wang');
    await fund(suite.server.dataDir, merchant.user.id, 'USDT', '1000', 'legal');

    const mctx = await suite.browser.newContext(PHONE);
    const uctx = await suite.browser.newContext(PHONE);
    const mp = await mctx.newPage();
    const up = await uctx.newPage();
    const errors = [...pageErrors(mp), ...pageErrors(up)];
    await Promise.all([login(mp, origin, merchant.user.account), login(up, origin, buyer.user.account)]);

    // The merchant adds a bank card on the payment info page, then applies from the shop page.
    await open(mp, origin, '/pages/mine/collect_money', '[data-testid="method-add"]');
    await mp.click('[data-testid="method-add"]');
    await mp.fill('[data-testid="m-realName"]', 'Merchant Wang');
    await mp.fill('[data-testid="m-bank"]', 'Bank of Tests');
    await mp.fill('[data-testid="m-cardNumber"]', '6222 1234');
    await mp.click('[data-testid="method-form"] button[type=submit]');
    expect(await mp.textContent('[data-field="cardNumber"]')).toBe(
      localeText('id', 'errors', 'cardNumberFormat'),
    );
    await mp.fill('[data-testid="m-cardNumber"]', '6222 0200 0000 1234');
    await mp.click('[data-testid="method-form"] button[type=submit]');
    await mp.waitForSelector('[data-testid="method"][data-kind="bank"]');

    await open(mp, origin, '/pages/legal/store', '[data-testid="merchant-apply"]');
    expect(
      await mp.evaluate(() => document.querySelector('.screen')?.classList.contains('screen--legal')),
    ).toBe(true);
    await mp.fill('[data-testid="shop-name"]', 'Wang Shop');
    await mp.click('[data-testid="merchant-apply"] button[type=submit]');
    await mp.waitForSelector('[data-testid="apply-review"]');
    const apps = (await cli(origin, ['legal/applications', 'status=review'])) as Array<{
      id: number;
      userId: number;
    }>;
    const app = apps.find((a) => a.userId === merchant.user.id)!;
    await cli(origin, ['legal/applications/approve', `id=${app.id}`]);

    // Publish a sell ad: max below min is refused in the form, then a valid one freezes 500 USDT.
    await mp.reload();
    await mp.waitForSelector('[data-testid="merchant-header"]');
    await mp.click('[data-testid="publish-ad"]');
    await mp.waitForSelector('[data-testid="ad-form"]');
    await mp.selectOption('[data-testid="ad-currency"]', 'CNY');
    await mp.fill('[data-testid="ad-price"]', '7,10');
    await mp.fill('[data-testid="ad-min"]', '100');
    await mp.fill('[data-testid="ad-max"]', '50');
    await mp.fill('[data-testid="ad-total"]', '500');
    await mp.click('[data-testid="ad-form"] button[type=submit]');
    expect(await mp.textContent('[data-field="max"]')).toBe(localeText('id', 'errors', 'storeMaxBelowMin'));
    await mp.fill('[data-testid="ad-max"]', '3550');
    await mp.click('[data-testid="ad-form"] button[type=submit]');
    await mp.waitForSelector('[data-testid="my-ad"][data-status="online"]');
    const bal = await api<Array<{ account: string; coin: string; available: string; frozen: string }>>(
      origin,
      merchant.token,
      'assets/balances',
    );
    expect(bal.find((b) => b.account === 'legal' && b.coin === 'USDT')).toMatchObject({
      available: '500.00000000',
      frozen: '500.00000000',
    });

    // The user adds WeChat with its QR code: a file that is no image is refused, a photo is compressed
    // on the device and goes through the upload checks.
    await open(up, origin, '/pages/mine/collect_money', '[data-testid="method-add"]');
    await up.click('[data-testid="method-add"]');
    await up.click('[data-testid="method-kind-wechat"]');
    await up.fill('[data-testid="m-realName"]', 'Han Mei');
    await up.fill('[data-testid="m-nickname"]', 'hanmei');
    await up.fill('[data-testid="m-account"]', 'wx_hanmei');
    const notImage = { name: 'qr.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') };
    await up.setInputFiles('[data-testid="qr-file"]', notImage);
    expect(await up.textContent('.legal-pick .field__error')).toBe(localeText('id', 'errors', 'uploadType'));
    await up.setInputFiles('[data-testid="qr-file"]', {
      name: 'qr.png',
      mimeType: 'image/png',
      buffer: smallPng(),
    });
    await up.waitForSelector('[data-testid="method-form"] img.legal-image');
    await up.click('[data-testid="method-form"] button[type=submit]');
    await up.waitForSelector('[data-testid="method"][data-kind="wechat"] img.legal-image');
    const methods = await api<Array<{ kind: string; qrId: string }>>(origin, buyer.token, 'legal/methods');
    expect(methods.find((m) => m.kind === 'wechat')?.qrId).toMatch(/^[0-9a-f]{32}$/);

    // The user takes it by amount in the hall: 710 CNY at 7.10 is exactly 100 USDT.
    await open(up, origin, '/pages/legal/legal?currency=CNY', '[data-testid="legal-ad"]');
    await up.click('[data-testid="ad-take"]');
    await up.fill('[data-testid="take-value"]', '710');
    await up.waitForFunction(() =>
      document.querySelector('[data-testid="quote-qty"]')?.textContent?.startsWith('100'),
    );
    await up.click('[data-testid="take-confirm"]');
    await up.waitForSelector('[data-testid="countdown"]');
    expect(await statusOf(up)).toBe('pending');
    const url = up.url();
    const orderId = new URL(url.replace('#', '')).searchParams.get('id');
    expect(await up.textContent('[data-testid="countdown"]')).toMatch(/^(10:00|09:5\d)$/);
    // The countdown survives a reload: it counts to the server's deadline.
    await up.reload();
    await up.waitForSelector('[data-testid="countdown"]');
    expect(await up.textContent('[data-testid="countdown"]')).toMatch(/^(10:00|09:[45]\d)$/);

    // The merchant opens the order from the shop orders; each state then arrives live.
    await open(mp, origin, '/pages/legal/storeOrder', `[data-testid="legal-order"]`);
    await mp.click('[data-testid="legal-order"]');
    await waitStatus(mp, 'pending');
    await up.click('[data-testid="order-pay"]');
    await up.fill('[data-testid="pay-reference"]', 'CNY-REF-77');
    await up.click('[data-testid="pay-confirm"]');
    await waitStatus(up, 'paid');
    await waitStatus(mp, 'paid');
    expect(await mp.textContent('[data-testid="order-payref"]')).toBe('CNY-REF-77');
    await mp.click('[data-testid="order-release"]');
    await mp.click('[data-testid="release-confirm"]');
    await waitStatus(mp, 'completed');
    await waitStatus(up, 'completed');
    const userBal = await api<Array<{ account: string; coin: string; available: string }>>(
      origin,
      buyer.token,
      'assets/balances',
    );
    expect(userBal.find((b) => b.account === 'legal' && b.coin === 'USDT')?.available).toBe('100.00000000');

    // A second order goes to rights protection; the operator decides it through the CLI.
    await open(up, origin, '/pages/legal/legal?currency=CNY', '[data-testid="legal-ad"]');
    await up.click('[data-testid="ad-take"]');
    await up.click('[data-testid="take-by-qty"]');
    await up.fill('[data-testid="take-value"]', '20');
    await up.waitForFunction(() =>
      document.querySelector('[data-testid="quote-amount"]')?.textContent?.startsWith('142'),
    );
    await up.click('[data-testid="take-confirm"]');
    await up.waitForSelector('[data-testid="countdown"]');
    const second = new URL(up.url().replace('#', '')).searchParams.get('id')!;
    expect(second).not.toBe(orderId);
    await up.click('[data-testid="order-pay"]');
    await up.fill('[data-testid="pay-reference"]', 'CNY-REF-78');
    await up.click('[data-testid="pay-confirm"]');
    await waitStatus(up, 'paid');
    await up.click('[data-testid="order-appeal"]');
    await up.click('[data-testid="appeal-confirm"]');
    expect(await up.textContent('dialog[open] .field__error')).toBe(localeText('id', 'errors', 'required'));
    await up.fill('[data-testid="appeal-reason"]', 'Paid at 10:02, not released');
    await up.click('[data-testid="appeal-confirm"]');
    await waitStatus(up, 'appeal');
    await open(mp, origin, `/pages/legal/orderDetail?id=${second}`, '[data-testid="appeal"]');
    expect(await mp.textContent('[data-testid="appeal"]')).toContain('Paid at 10:02, not released');
    const decided = (await cli(origin, ['legal/appeals/decide', `orderId=${second}`, 'outcome=release'])) as {
      status: string;
    };
    expect(decided.status).toBe('completed');
    await waitStatus(up, 'completed');
    await waitStatus(mp, 'completed');
    const kinds = await up.$$eval('[data-testid="timeline-event"]', (els) =>
      els.map((e) => e.getAttribute('data-kind')),
    );
    expect(kinds).toEqual(['created', 'paid', 'appealed', 'decided']);
    const actions = (await cli(origin, ['actions'])) as Array<{ operator: string; action: string }>;
    expect(actions[0]).toMatchObject({ operator: 'olga', action: 'legal.appeal.decide' });

    // With data on screen, the order (timeline, appeal) and the hall pass axe in both themes.
    const a11y: string[] = [...(await axeViolations(up))];
    await open(up, origin, '/pages/legal/legal?currency=CNY', '[data-testid="legal-ad"]');
    a11y.push(...(await axeViolations(up)));
    await open(up, origin, '/pages/mine/security', '[data-testid="theme-switch"]');
    await up.click('[data-testid="theme-switch"]');
    await up.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await open(up, origin, '/pages/legal/legal?currency=CNY', '[data-testid="legal-ad"]');
    a11y.push(...(await axeViolations(up)));
    await open(up, origin, `/pages/legal/orderDetail?id=${second}`, '[data-testid="appeal"]');
    a11y.push(...(await axeViolations(up)));
    expect(a11y).toEqual([]);

    expect(errors).toEqual([]);
    expect(await violations(suite.server.dataDir)).toEqual([]);
    await mctx.close();
    await uctx.close();
  });
});
