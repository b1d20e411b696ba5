// The console's build is served at /ops/ (server/http/static-files.ts): its files with the app's
// security headers, hashed assets cached for good, client routes answered with its index.html, a
// missing asset a real 404, and nothing at /ops/ without a build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';

const INDEX =
  '<!doctype html><title>console</title><script type="module" src="/ops/assets/main-abc123.js"></script>';

describe('the console at /ops/', () => {
  let dir: string;
  let server: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-dist-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1);');
    [server, bare] = await Promise.all([
      startTestServer({ opsDistDir: dir, simMarket: false }),
      startTestServer({ opsDistDir: path.join(dir, 'none'), simMarket: false }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), bare?.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves its index with the app security headers, revalidated', async () => {
    const res = await fetch(`${server.origin}/ops/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers client routes with the index and /ops with a redirect', async () => {
    for (const route of ['/ops/kyc', '/ops/withdrawals/12', '/ops/sign-in']) {
      const res = await fetch(`${server.origin}${route}`);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toBe(INDEX);
    }
    const redirect = await fetch(`${server.origin}/ops`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/ops/');
  });

  it('serves hashed assets for a year and a missing one as 404', async () => {
    const asset = await fetch(`${server.origin}/ops/assets/main-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log(1);');
    expect((await fetch(`${server.origin}/ops/assets/gone-1.js`)).status).toBe(404);
  });

  it('serves nothing at /ops/ without a console build, and the app keeps its own path', async () => {
    expect((await fetch(`${bare.origin}/ops/`)).status).toBe(404);
    expect((await fetch(`${bare.origin}/ops/kyc`)).status).toBe(404);
    expect((await fetch(`${server.origin}/api/ops/nothing-here`)).status).toBe(404);
  });
});
