// A new deployment (a byte-different service worker) shows "reload to update"; accepting it hands
// the page to the new service worker and reloads once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/paths';
import { startTestServer, type TestServer } from '../support/server';
import { PHONE, launchBrowser, open, waitForServiceWorker } from '../support/e2e';

describe('update prompt', () => {
  let server: TestServer;
  let browser: Browser;
  let dist: string;
  beforeAll(async () => {
    // A private copy of the build, so the test can "deploy" a new version without touching dist/.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-update-'));
    fs.cpSync(path.join(ROOT_DIR, 'dist'), dist, { recursive: true });
    [server, browser] = await Promise.all([
      startTestServer({ distDir: dist, simMarket: false }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('offers the new version and reloads into it when accepted', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await open(page, server.origin, '/');
    await waitForServiceWorker(page);
    const firstScript = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

    fs.appendFileSync(path.join(dist, 'sw.js'), '\n// deployment 2\n');
    // A deployment ships its own compressed copies (`npm run build` writes them); this one has none,
    // so the server must not answer with the old version's.
    for (const ext of ['.br', '.gz']) fs.rmSync(path.join(dist, `sw.js${ext}`), { force: true });
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg!.update();
    });

    const prompt = page.getByText('Versi baru tersedia');
    await prompt.waitFor({ timeout: 20_000 });
    const navigated = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'Muat ulang untuk memperbarui' }).click();
    await navigated;
    await page.waitForSelector('.screen');

    const state = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const text = await (await fetch(reg!.active!.scriptURL, { cache: 'no-store' })).text();
      return {
        waiting: reg!.waiting !== null,
        controlled: navigator.serviceWorker.controller !== null,
        text,
      };
    });
    expect(state).toMatchObject({ waiting: false, controlled: true });
    expect(state.text).toContain('deployment 2');
    expect(firstScript).toContain('/h5/sw.js');
    await expect(page.getByText('Versi baru tersedia').count()).resolves.toBe(0);
    await context.close();
  });
});
