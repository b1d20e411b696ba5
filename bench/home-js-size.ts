/**
 * Compressed size of the JavaScript a first visit needs to render the home route, against the
 * shell budget (issue 9): loads the production build (`npm run build` first) from a real server in
 * Chromium at a phone viewport, with live simulated markets, and lists every script requested
 * until home shows its prices (page chunks, the worker and its imports). Scripts requested after
 * that (the toast area, the service worker's registration, IndexedDB code, prefetches) are listed
 * separately: they are not needed to render home. Sizes are raw, gzip -9 and brotli from dist/.
 * Exits non-zero when the render set is over BUDGET_KIB gzip, so `npm test` can hold the line.
 * Run: `npm run build && npx tsx bench/home-js-size.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PHONE, launchBrowser } from '../tests/support/e2e';
import { startTestServer } from '../tests/support/server';

/**
 * The first-load budget of the home route, gzip KiB: 120 until issue 29 brought i18next back as the
 * texts engine (about 15 KiB gzip more in the framework chunk: 107.0 -> 122.2 KiB when it came).
 */
export const BUDGET_KIB = 135;

interface Sizes {
  raw: number;
  gz: number;
  br: number;
}

function sizesOf(scripts: readonly string[]): { rows: string[]; total: Sizes } {
  const total: Sizes = { raw: 0, gz: 0, br: 0 };
  const rows: string[] = [];
  for (const p of [...scripts].sort()) {
    const buf = fs.readFileSync(path.join(process.env.TEST_DIST_DIR ?? 'dist', p.replace(/^\/h5\//, '')));
    const g = zlib.gzipSync(buf, { level: 9 }).length;
    const b = zlib.brotliCompressSync(buf).length;
    total.raw += buf.length;
    total.gz += g;
    total.br += b;
    rows.push(
      `  ${p.padEnd(52)} ${String(buf.length).padStart(8)} ${String(g).padStart(8)} ${String(b).padStart(8)}`,
    );
  }
  return { rows, total };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function main(): Promise<number> {
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    const requested: string[] = [];
    const record = (url: string) => {
      const p = new URL(url).pathname;
      if (p.endsWith('.js') && !p.endsWith('/sw.js') && !requested.includes(p)) requested.push(p);
    };
    page.on('request', (r) => record(r.url()));
    context.on('request', (r) => record(r.url()));
    await page.goto(`${server.origin}/h5/`);
    await page.getByTestId('hot-tile').first().waitFor();
    const toRender = [...requested];
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3_000);
    const after = requested.filter((p) => !toRender.includes(p));

    const head = `  ${'script'.padEnd(52)} ${'raw'.padStart(8)} ${'gzip'.padStart(8)} ${'brotli'.padStart(8)}`;
    const render = sizesOf(toRender);
    console.log(`Requested until home showed prices:\n${head}\n${render.rows.join('\n')}`);
    const later = sizesOf(after);
    console.log(`\nRequested after that (not needed to render home):\n${head}\n${later.rows.join('\n')}`);
    const t = render.total;
    console.log(
      `\nhome route: ${toRender.length} scripts, raw ${kb(t.raw)}, gzip ${kb(t.gz)}, brotli ${kb(t.br)}` +
        ` (budget ${BUDGET_KIB} KiB gzip: ${((t.gz / 1024 / BUDGET_KIB) * 100).toFixed(0)} %)`,
    );
    console.log(`after render: ${after.length} scripts, gzip ${kb(later.total.gz)}`);
    if (t.gz > BUDGET_KIB * 1024) {
      console.error(`OVER BUDGET: ${kb(t.gz)} gzip > ${BUDGET_KIB} KiB`);
      return 1;
    }
    return 0;
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
