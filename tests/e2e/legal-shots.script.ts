// Screenshots of the fiat pages for review (not a test): npx tsx tests/e2e/legal-shots.script.ts [lang] [theme]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { dataOf, fund } from '../support/assets';
import { opsCall } from '../support/bank';
import { as, merchant, person, publish, startLegalServer, take } from '../support/legal';
import { smallPng } from './funding-support';
import { PHONE, launchBrowser, open, login, setPrefs } from '../support/e2e';
import type { Lang, Theme } from '../../domain/locale';

const lang = (process.argv[2] ?? 'en') as Lang;
const theme = (process.argv[3] ?? 'dark') as Theme;
const out = process.env.SHOTS ?? '/tmp/legal-shots';

async function prefs(page: Page, origin = server.origin) {
  await setPrefs(page, origin, { lang, theme });
  // The login toast goes before the screenshots.
  await page.waitForTimeout(4500);
}

const server = await startLegalServer();
const origin = server.origin;
const m = await merchant(origin, server.dataDir, '5000');
dataOf(
  await as(origin, m, 'legal/methodSave', {
    kind: 'alipay',
    realName: 'Merchant Wang',
    account: 'wang@alipay',
  }),
);
const cur =
  { en: 'USD', zh: 'CNY', id: 'IDR', vi: 'VND', jp: 'JPY', hk: 'HKD', hi: 'INR', kor: 'KRW' }[lang] ?? 'USD';
const ad = await publish(origin, m, { currency: cur, methods: 'bank,alipay', price: '7.12', total: '1500' });
const m2 = await merchant(origin, server.dataDir, '300');
await publish(origin, m2, { currency: cur, price: '7.25', total: '250', min: '100', max: '1500' });
const u = await person(origin);
dataOf(
  await as(origin, u, 'legal/methodSave', {
    kind: 'bank',
    realName: 'Han Mei',
    bank: 'Bank of Tests',
    cardNumber: '6222020000005678',
  }),
);
await fund(server.dataDir, u.id, 'USDT', '50', 'legal');
const done = await take(origin, u, ad.id, 'amount', '200');
dataOf(await as(origin, u, 'legal/pay', { id: done.id, reference: 'TX-1' }));
dataOf(await as(origin, m, 'legal/release', { id: done.id }));
const appealed = await take(origin, u, ad.id, 'qty', '20');
dataOf(await as(origin, u, 'legal/pay', { id: appealed.id, reference: 'BANK-REF-9921' }));
dataOf(
  await as(origin, u, 'legal/appeal', {
    id: appealed.id,
    reason: 'I paid 142.40 at 10:02 but the coin was not released.',
  }),
);
await opsCall(origin, 'GET', 'actions');
const pending = await take(origin, u, ad.id, 'amount', '100');

const browser = await launchBrowser();
const ctx = await browser.newContext(PHONE);
const page = await ctx.newPage();
await login(page, origin, u.account);
await prefs(page);
// With AXE=1, each page is also audited (WCAG 2.1 AA) and violations printed.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function audit(p: Page, name: string) {
  if (!process.env.AXE) return;
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(AXE);
  const v = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<unknown> } }).axe;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
    const r = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[];
    };
    return r.violations.map(
      (x) => `${x.id}: ${x.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
  });
  for (const line of v) console.log(`[axe ${name}] ${line.replace(/\n/g, ' ')}`);
}
const shot = async (name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}-${lang}-${theme}.png` });
  await audit(page, name);
};
await open(page, origin, `/pages/legal/legal?currency=${cur}`, '[data-testid="legal-ad"]');
await shot('hall');
await page.click('[data-testid="ad-take"] >> nth=0');
await page.fill('[data-testid="take-value"]', '100');
await page.waitForSelector('[data-testid="quote-qty"]:not(:text("—"))');
await shot('take');
await page.keyboard.press('Escape');
await open(page, origin, `/pages/legal/orderDetail?id=${pending.id}`, '[data-testid="countdown"]');
await shot('order');
await open(page, origin, `/pages/legal/orderDetail?id=${appealed.id}`, '[data-testid="appeal"]');
await page.evaluate(() => document.querySelector('[data-testid="timeline"]')?.scrollIntoView());
await shot('appeal');
await open(page, origin, '/pages/mine/collect_money', '[data-testid="method"]');
await shot('collect');
await page.click('[data-testid="method-add"]');
await page.click('[data-testid="method-kind-wechat"]');
await page.fill('[data-testid="m-realName"]', 'Han Mei');
await page.setInputFiles('[data-testid="qr-file"]', {
  name: 'qr.png',
  mimeType: 'image/png',
  buffer: smallPng(96, 96),
});
await page.waitForSelector('[data-testid="method-form"] img.legal-image');
await shot('method-form');
await open(page, origin, '/pages/legal/order', '[data-testid="legal-order"]');
await shot('orders');
const mctx = await browser.newContext(PHONE);
const mp = await mctx.newPage();
await login(mp, origin, m.account);
await prefs(mp, origin);
await open(mp, origin, '/pages/legal/store', '[data-testid="my-ad"]');
await mp.waitForTimeout(400);
await mp.screenshot({ path: `${out}/store-${lang}-${theme}.png` });
await audit(mp, 'store');
await open(mp, origin, '/pages/legal/storeDetail', '[data-testid="ad-form"]');
await mp.screenshot({ path: `${out}/adform-${lang}-${theme}.png` });
await audit(mp, 'adform');
await browser.close();
await server.close();
console.log('ok');
