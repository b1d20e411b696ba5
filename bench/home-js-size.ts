/**
 * Compressed size of the JavaScript a first visit needs to render the home route: loads the
 * production build (`npm run build` first) from a real server in Chromium at a phone viewport,
 * lists every script it fetched (page chunks, the worker and its imports; not the service worker,
 * which installs in the background), and prints raw, gzip -9 and brotli sizes from dist/.
 * Run: `npm run build && npx tsx bench/home-js-size.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PHONE, launchBrowser } from '../tests/e2e/support';
import { startTestServer } from '../tests/support/server';

async function main() {
  const server = await startTestServer({ simMarket: false });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = new Set<string>();
    const record = (url: string) => {
      const p = new URL(url).pathname;
      if (p.endsWith('.js') && !p.endsWith('/sw.js')) scripts.add(p);
    };
    page.on('request', (r) => record(r.url()));
    context.on('request', (r) => record(r.url()));
    await page.goto(`${server.origin}/h5/`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('navigation').first().waitFor();
    let raw = 0;
    let gz = 0;
    let br = 0;
    const rows: string[] = [];
    for (const p of [...scripts].sort()) {
      const file = path.join('dist', p.replace(/^\/h5\//, ''));
      const buf = fs.readFileSync(file);
      const g = zlib.gzipSync(buf, { level: 9 }).length;
      const b = zlib.brotliCompressSync(buf).length;
      raw += buf.length;
      gz += g;
      br += b;
      rows.push(
        `  ${p.padEnd(48)} ${String(buf.length).padStart(8)} ${String(g).padStart(8)} ${String(b).padStart(8)}`,
      );
    }
    console.log(
      `  ${'script'.padEnd(48)} ${'raw'.padStart(8)} ${'gzip'.padStart(8)} ${'brotli'.padStart(8)}`,
    );
    console.log(rows.join('\n'));
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(`home route: ${scripts.size} scripts, raw ${kb(raw)}, gzip ${kb(gz)}, brotli ${kb(br)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

void main();
