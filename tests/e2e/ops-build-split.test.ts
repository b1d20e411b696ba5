// The operator console is a build of its own (vite.ops.config.ts → dist-ops/): none of its code,
// text or chunk is in the app's build or the service worker's precache, so no console byte reaches a
// user's phone; and the production console has no development-only demo sign-in. Runs on the output
// of `npm run build` (test:e2e builds first).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDistDir } from '../support/server';

const app = testDistDir();
const ops = `${app.replace(/[\\/]+$/, '')}-ops`;

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

const text = (dir: string) =>
  files(dir)
    .filter((f) => /\.(js|css|html|json|webmanifest)$/.test(f))
    .map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')] as const);

/** Strings only the console has: its worker's name, its API prefix, its texts. */
const CONSOLE_MARKERS = ['ops-console', '/api/ops/', 'authenticator app', 'auth/totp', 'console/locales'];

describe('the console build stays out of the app', () => {
  it('builds the console into its own folder with its own index', () => {
    expect(fs.existsSync(path.join(ops, 'index.html'))).toBe(true);
    expect(fs.readFileSync(path.join(ops, 'index.html'), 'utf8')).toContain('/ops/assets/');
  });

  it('puts no console file in the app build or its precache list', () => {
    const appFiles = new Set(files(app).map((f) => path.basename(f)));
    const consoleAssets = files(path.join(ops, 'assets')).filter((f) => !/\.(br|gz)$/.test(f));
    expect(consoleAssets.length).toBeGreaterThan(3);
    for (const f of consoleAssets) expect(appFiles.has(path.basename(f)), f).toBe(false);
    const sw = fs.readFileSync(path.join(app, 'sw.js'), 'utf8');
    const precached = [...sw.matchAll(/"?url"?:"([^"]+)"/g)].map((m) => m[1]!);
    expect(precached.length).toBeGreaterThan(10);
    for (const url of precached) {
      expect(url.startsWith('ops'), url).toBe(false);
      expect(
        consoleAssets.map((f) => path.basename(f)),
        url,
      ).not.toContain(path.basename(url));
    }
  });

  it('has no console code or text in any app file', () => {
    for (const [file, body] of text(app)) {
      for (const marker of CONSOLE_MARKERS)
        expect(body.includes(marker), `${file} has ${marker}`).toBe(false);
    }
  });

  it('ships no development-only demo sign-in in the console', () => {
    for (const [file, body] of text(ops)) {
      expect(/demo-sign-in|x-operator|shared token/i.test(body), file).toBe(false);
    }
    expect(files(ops).some((f) => f.includes('demo'))).toBe(false);
  });
});
