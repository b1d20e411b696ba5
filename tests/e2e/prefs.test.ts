import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { launchPersistent, open, tempProfile } from '../support/e2e';

async function expectEnglishLight(page: Page) {
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  await page.locator('.topbar__title', { hasText: 'Security center' }).waitFor();
  expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe('#f5f7fb');
}

describe('language and theme preferences', () => {
  let server: TestServer;
  let profile: string;
  beforeAll(async () => {
    server = await startTestServer();
    profile = tempProfile();
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  it('persist across reloads and across a new browser on the same profile', async () => {
    let context = await launchPersistent(profile);
    let page = context.pages()[0] ?? (await context.newPage());
    await open(page, server.origin, '/pages/mine/security', '[data-testid="language-row"]');
    expect(await page.getAttribute('html', 'lang')).toBe('id');

    await page.click('[data-testid="language-row"]');
    await page.click('[data-testid="lang-en"]');
    await page.click('[data-testid="theme-switch"]');
    await expectEnglishLight(page);

    await page.reload();
    await expectEnglishLight(page);

    await context.close();
    context = await launchPersistent(profile);
    page = context.pages()[0] ?? (await context.newPage());
    await open(page, server.origin, '/pages/mine/security');
    await expectEnglishLight(page);

    // The boot hint is only a copy: without it, the worker's IndexedDB still restores the prefs.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expectEnglishLight(page);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await context.close();
  });
});
