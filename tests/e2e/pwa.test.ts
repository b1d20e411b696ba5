import { describe, expect, it } from 'vitest';
import { PHONE, open, waitForServiceWorker, serverAndBrowser } from '../support/e2e';

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): [number, number] {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.subarray(0, 8)]).toEqual(signature);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

describe('installable, offline-capable shell', () => {
  const env = serverAndBrowser();

  it('has a valid web app manifest with loadable 192 and 512 px icons', async () => {
    // Not in the HTML: the page links it once it has loaded (a first visit's files come first).
    const html = await (await fetch(`${env.server.origin}/h5/`)).text();
    expect(html).not.toMatch(/rel="?manifest/);
    const href = '/h5/manifest.webmanifest';
    const res = await fetch(`${env.server.origin}${href}`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as Manifest;
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/h5/');
    expect(manifest.scope).toBe('/h5/');
    expect(manifest.theme_color).toBe('#0b0e17');
    expect(manifest.background_color).toBe('#0b0e17');
    const sizes = new Set<string>();
    for (const icon of manifest.icons ?? []) {
      const url = new URL(icon.src, `${env.server.origin}${href}`);
      const img = await fetch(url);
      expect(img.status, url.href).toBe(200);
      expect(img.headers.get('content-type')).toContain('image/png');
      const [w, h] = pngSize(new Uint8Array(await img.arrayBuffer()));
      expect(`${w}x${h}`).toBe(icon.sizes);
      sizes.add(icon.sizes);
    }
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons?.some((i) => i.purpose === 'maskable')).toBe(true);
  });

  it('opens the shell offline once the service worker controls the page', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await open(page, env.server.origin, '/', '.hero');
    await waitForServiceWorker(page);
    // The manifest is linked after load, so the browser can offer to install the app.
    await page.waitForSelector('link[rel="manifest"][href="/h5/manifest.webmanifest"]', {
      state: 'attached',
    });

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('.hero');
    await page.waitForSelector('.offline-banner');
    expect(await page.locator('.tabbar__label').count()).toBe(5);

    // Lazily loaded pages come from the precache as well.
    await page.click('a[href="#/pages/mine/index"]');
    await page.waitForSelector('.profile');
    await page.click('[data-testid="to-security"]');
    await page.waitForSelector('[data-testid="language-row"]');
    // Never a cached API reply: the precache holds only the shell.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.some((u) => /\/h5\/manifest\.webmanifest(\?|$)/.test(u))).toBe(true);
    expect(cached.filter((u) => /\/api\/|\/ws|\/uploads/.test(u))).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });
});
