/**
 * Lighthouse mobile performance of every landing page (signed out) on the production build: the
 * five tabs (home, market, orders, support, mine), trade, contracts, options and the P2P hall.
 * Lighthouse 12.8 (the last release for Node 20) with its default mobile preset (simulated slow 4G,
 * 4× CPU slowdown, a phone screen), driving Debian's Chromium, 3 runs per page, median reported
 * against the goals of issue 9. Every run starts from an empty profile (a first visit).
 * Needs `npm run build` first and /usr/bin/chromium (or CHROME_PATH).
 * Run: `npm run build && npm run bench -- lighthouse` (about 9 minutes). LIGHTHOUSE_RUNS sets the runs
 * per page, LIGHTHOUSE_PAGES picks pages (`market,trade`), LIGHTHOUSE_OUT keeps the JSON reports, LIGHTHOUSE_VERBOSE prints the culprits of every page.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../tests/support/e2e';
import { startServer } from '../server/app';
import { LIGHTHOUSE_PAGES } from './lighthouse-pages';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Name and path after the origin of each page measured. */
const PAGES = LIGHTHOUSE_PAGES;

/** The goals: score ≥ 0.95, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02. */
const GOALS = { score: 0.95, lcp: 2_000, tbt: 150, cls: 0.02 };

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** The LCP element, layout shifts and heaviest scripts of this run. */
  notes: string[];
}

interface Lhr {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
}

/** Reports are kept here when LIGHTHOUSE_OUT names a directory (to open in the Lighthouse viewer). */
const KEEP = process.env.LIGHTHOUSE_OUT;

/** What to look at when a page misses its goals: the LCP element, the shifted elements, the main-thread hogs. */
function culprits(lhr: Lhr): string[] {
  const items = (id: string) => (lhr.audits[id]?.details?.items ?? []) as Record<string, unknown>[];
  const selector = (item: Record<string, unknown>): string => {
    const node = (item.node ?? (item.items as Record<string, unknown>[] | undefined)?.[0]?.node) as
      { selector?: string } | undefined;
    return node?.selector ?? '?';
  };
  const lcp = items('largest-contentful-paint-element')[0] as
    { items?: Record<string, unknown>[] } | undefined;
  const lcpNode = lcp?.items?.[0] ? selector(lcp.items[0]) : '?';
  const phases = (
    items('largest-contentful-paint-element')[1] as { items?: { phase: string; timing: number }[] }
  )?.items
    ?.map((p) => `${p.phase} ${Math.round(p.timing)}`)
    .join(', ');
  const shifts = items('layout-shifts').map((s) => `${selector(s)} ${Number(s.score).toFixed(3)}`);
  const boot = items('bootup-time')
    .slice(0, 3)
    .map((b) => `${String(b.url).replace(/^.*\//, '')} ${Math.round(Number(b.total))} ms`);
  return [
    `LCP ${lcpNode}${phases ? ` (${phases})` : ''}`,
    `shifts ${shifts.join('; ') || 'none'}`,
    `boot ${boot.join('; ')}`,
  ];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Lighthouse runs that fail to record (NO_NAVSTART, a closed target) are tried again this often. */
const ATTEMPTS = 3;

async function runOnce(url: string, out: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, out);
    } catch (e) {
      if (attempt >= ATTEMPTS) throw e;
      const why = (e as { stderr?: string }).stderr?.trim() || String(e);
      console.log(`  (run failed, trying again: ${why.split('\n')[0]})`);
    }
  }
}

async function runLighthouse(url: string, out: string): Promise<Run> {
  const bin = path.join('node_modules', '.bin', 'lighthouse');
  // Asynchronous: the server runs in this process, and a synchronous child would stall it.
  await promisify(execFile)(
    bin,
    [
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      // Lighthouse drives its own Chromium: only the flags it needs (more, like --no-first-run or
      // --disable-gpu, make Chromium 156 close the target during navigation).
      '--chrome-flags=--headless --no-sandbox',
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? CHROMIUM } },
  );
  const lhr = JSON.parse(fs.readFileSync(out, 'utf8')) as Lhr;
  if (KEEP) fs.copyFileSync(out, path.join(KEEP, path.basename(out)));
  const v = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    notes: culprits(lhr),
    score: lhr.categories.performance.score,
    fcp: v('first-contentful-paint'),
    lcp: v('largest-contentful-paint'),
    tbt: v('total-blocking-time'),
    cls: v('cumulative-layout-shift'),
    si: v('speed-index'),
  };
}

async function main(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  if (KEEP) fs.mkdirSync(KEEP, { recursive: true });
  // The server as `npm start` runs it (embedded defaults, a fresh data directory), not the test
  // server: the issue measures what a new user gets.
  const running = await startServer({
    config: { port: 0, host: '127.0.0.1', dataDir: path.join(dir, 'data') },
    logLevel: 'warn',
  });
  const server = { origin: running.url, close: () => running.close() };
  let failed = 0;
  try {
    console.log(`Lighthouse ${RUNS} run(s) per page, mobile preset, median:`);
    console.log(
      `  ${'page'.padEnd(8)} ${'score'.padStart(6)} ${'FCP ms'.padStart(8)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(8)} ${'CLS'.padStart(7)} ${'SI ms'.padStart(8)}  goals: score ≥ ${GOALS.score}, LCP ≤ ${GOALS.lcp}, TBT ≤ ${GOALS.tbt}, CLS ≤ ${GOALS.cls}`,
    );
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    for (const [name, route] of PAGES.filter(([n]) => !only || only.includes(n))) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await runOnce(`${server.origin}${route}`, path.join(dir, `${name}-${i}.json`)));
      }
      const m = {
        score: median(runs.map((r) => r.score)),
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
        si: median(runs.map((r) => r.si)),
      };
      const ok = m.score >= GOALS.score && m.lcp <= GOALS.lcp && m.tbt <= GOALS.tbt && m.cls <= GOALS.cls;
      if (!ok) failed++;
      console.log(
        `  ${name.padEnd(8)} ${m.score.toFixed(2).padStart(6)} ${m.fcp.toFixed(0).padStart(8)} ${m.lcp.toFixed(0).padStart(8)} ${m.tbt.toFixed(0).padStart(8)} ${m.cls.toFixed(3).padStart(7)} ${m.si.toFixed(0).padStart(8)}  ${ok ? 'meets the goals' : 'BELOW THE GOALS'}` +
          `   (scores ${runs.map((r) => r.score.toFixed(2)).join(', ')})`,
      );
      if (!ok || process.env.LIGHTHOUSE_VERBOSE) {
        // The median run's (by score) elements and scripts, to know where to look.
        const mid = runs.find((r) => r.score === m.score) ?? runs[0]!;
        for (const note of mid.notes) console.log(`           ${note}`);
      }
    }
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
