import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTES } from '../../src/routes/route-table';
import { registerUser, TEST_PASSWORD } from '../support/accounts';
import { fund } from '../support/assets';
import { PHONE, appUrl, open, serverAndBrowser } from '../support/e2e';

// axe-core runs inside the page: injected through the DevTools protocol (page.evaluate), which the
// app's Content-Security-Policy does not apply to, so the policy under test stays the real one.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 A and AA: contrast, names, labels, roles, structure. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  route: string;
  rule: string;
  nodes: string[];
}

/** The axe violations of what the page shows now, one line per element. */
async function audit(page: Page, route: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[];
    };
    return result.violations.map((v) => ({
      rule: v.id,
      nodes: v.nodes.map(
        (n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ')}`,
      ),
    }));
  }, TAGS);
  return found.map((v) => ({ route, ...v }));
}

/**
 * A phone that asks for reduced motion (the app and its toasts honour it): axe computes contrast
 * from the colours on screen, and a toast caught mid-fade (one left over from the page before)
 * blends into its background and fails for a moment; the settled colours are what is judged.
 */
const STILL = { ...PHONE, reducedMotion: 'reduce' } as const;

/** Every built route (including areas built later: they are checked as soon as they have a page). */
const BUILT = ROUTES.filter((r) => r.load).map((r) => r.path);

async function auditAll(page: Page, origin: string, routes: readonly string[]): Promise<Violation[]> {
  const all: Violation[] = [];
  for (const route of routes) {
    await page.goto(appUrl(origin, route));
    await page.waitForSelector('.screen');
    // Let the page's first data arrive (cached or live), so the audit sees content, not only skeletons.
    await page.waitForTimeout(900);
    all.push(...(await audit(page, route)));
  }
  return all;
}

async function setTheme(page: Page, origin: string, theme: 'dark' | 'light'): Promise<void> {
  await open(page, origin, '/pages/mine/security', '[data-testid="theme-switch"]');
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) {
    await page.click('[data-testid="theme-switch"]');
  }
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
}

describe('accessibility (axe-core, WCAG 2.1 AA) of every built page in both themes', () => {
  const env = serverAndBrowser();

  // The themes run side by side (a context each): the audit mostly waits for each page's data.
  it.concurrent.each(['dark', 'light'] as const)(
    'signed in, %s theme: no violations',
    async (theme) => {
      const grant = await registerUser(env.server.origin);
      await fund(env.server.dataDir, grant.user.id, 'USDT', '1000');
      const context = await env.browser.newContext(STILL);
      const page = await context.newPage();
      await open(page, env.server.origin, '/pages/mine/login', 'form');
      await page.fill('input[type=tel]', grant.user.account);
      await page.fill('input[autocomplete="current-password"]', TEST_PASSWORD);
      await page.click('button[type=submit]');
      await page.waitForURL(/#\/pages\/mine\/index$/);
      await setTheme(page, env.server.origin, theme);
      const violations = await auditAll(page, env.server.origin, BUILT);
      expect(violations).toEqual([]);
      await context.close();
    },
    300_000,
  ); // every built page (about 50), each given 0.9 s for its data, and audited

  it.concurrent.each(['dark', 'light'] as const)(
    'signed out, %s theme: entry pages have no violations',
    async (theme) => {
      const context = await env.browser.newContext(STILL);
      const page = await context.newPage();
      await setTheme(page, env.server.origin, theme);
      const routes = ['/pages/home/home', '/pages/market/market', '/pages/trade/trade', '/pages/mine/login'];
      const violations = await auditAll(page, env.server.origin, [...routes, '/pages/mine/register']);
      expect(violations).toEqual([]);
      await context.close();
    },
  );
});
