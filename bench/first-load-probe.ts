/**
 * Deterministic first-load figures of every landing page (bench/lighthouse-pages.ts), for when
 * Lighthouse's timings are noisy (a shared machine): per page the script files and their gzip
 * bytes requested until the page's first content painted and until the network settled, every
 * request, the layout shifts (with the elements that moved) and the long tasks (over 50 ms) under
 * a 4× CPU slowdown, Lighthouse's mobile preset. Needs `npm run build` first.
 * Run: `npx tsx bench/first-load-probe.ts [page,page]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PHONE, launchBrowser } from '../tests/support/e2e';
import { startTestServer } from '../tests/support/server';
import { LIGHTHOUSE_PAGES } from './lighthouse-pages';

/** Lighthouse's mobile CPU slowdown (×). */
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen (a Moto G Power): its widths wrap text differently from the tests' 390 px. */
const SCREEN = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };
/** How long after the load event shifts and long tasks are still counted, in milliseconds. */
const SETTLE_MS = 4_000;

const gzipOf = (p: string): number => {
  const file = path.join('dist', p.replace(/^\/h5\//, ''));
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
};
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const only = process.argv[2]?.split(',');
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    for (const [name, route] of LIGHTHOUSE_PAGES.filter(([n]) => !only || only.includes(n))) {
      const context = await browser.newContext({ ...PHONE, ...SCREEN, serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.addInitScript(() => {
        const w = window as unknown as { __shifts: unknown[]; __long: number[][]; __fcp: number };
        w.__shifts = [];
        w.__long = [];
        w.__fcp = 0;
        new PerformanceObserver((l) => {
          for (const e of l.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          })[]) {
            if (e.hadRecentInput) continue;
            w.__shifts.push({
              t: Math.round(e.startTime),
              v: e.value,
              src: (e.sources ?? []).map((s) => {
                const el = s.node instanceof Element ? s.node : s.node?.parentElement;
                const d = el
                  ? `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ').join('.') : ''}`
                  : '?';
                return `${d} ${JSON.stringify([s.previousRect.y, s.previousRect.height])}->${JSON.stringify([s.currentRect.y, s.currentRect.height])}`;
              }),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) w.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
        }).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((l) => {
          for (const e of l.getEntries())
            if (e.name === 'first-contentful-paint') w.__fcp = Math.round(e.startTime);
        }).observe({ type: 'paint', buffered: true });
      });
      const requests: { url: string; t: number }[] = [];
      const t0 = Date.now();
      page.on('request', (r) => requests.push({ url: r.url(), t: Date.now() - t0 }));
      await page.goto(`${server.origin}${route}`, { waitUntil: 'load' });
      await page.waitForTimeout(SETTLE_MS);
      const r = (await page.evaluate(() => {
        const w = window as unknown as { __shifts: unknown[]; __long: number[][]; __fcp: number };
        return { shifts: w.__shifts, long: w.__long, fcp: w.__fcp, lcp: 0 };
      })) as { shifts: { t: number; v: number; src: string[] }[]; long: number[][]; fcp: number };
      const js = [
        ...new Set(
          requests
            .map((q) => new URL(q.url).pathname)
            .filter((p) => p.endsWith('.js') && !p.endsWith('/sw.js')),
        ),
      ];
      const gz = js.reduce((s, p) => s + gzipOf(p), 0);
      const cls = r.shifts.reduce((s, x) => s + x.v, 0);
      const tbt = r.long.reduce((s, [, d]) => s + Math.max(0, d! - 50), 0);
      console.log(
        `${name.padEnd(8)} requests ${requests.length}, scripts ${js.length} (${kib(gz)} gzip), FCP ${r.fcp} ms, CLS ${cls.toFixed(4)}, long tasks ${r.long.length} (blocking ${tbt} ms: ${r.long.map(([t, d]) => `${d}@${t}`).join(' ')})`,
      );
      if (process.env.PROBE_VERBOSE) {
        for (const q of requests) console.log(`    ${String(q.t).padStart(5)} ${new URL(q.url).pathname}`);
      }
      for (const s of r.shifts) console.log(`    shift ${s.v.toFixed(4)} at ${s.t} ms: ${s.src.join('; ')}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
