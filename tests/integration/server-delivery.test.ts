import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ROOT_DIR } from '../../server/paths';
import { startTestServer, type TestServer } from '../support/server';
import { API_CSP, DOCUMENT_ONLY_HEADERS } from '../../server/http/security';

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body comes back exactly as sent on the wire (fetch would decompress it). */
function raw(url: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const BOOT = "document.documentElement.setAttribute('data-theme', 'dark');";
const WORKER = `try { window.coreWorker = new Worker("/h5/assets/index-abc123.js", { type: 'module' }); } catch (e) {}`;
const SCRIPT = `export const big = ${JSON.stringify('x'.repeat(4000) + 'y'.repeat(4000))};\n`;

describe('delivery: precompressed files, API compression, caching and security headers', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    // A tiny build of our own, precompressed by the same script `npm run build` runs.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script>${BOOT}</script><script>${WORKER}</script></head><body>${'<p>hello</p>'.repeat(200)}</body></html>`,
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
    fs.writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'export{};\n');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'self.onmessage = () => {};\n');
    execFileSync(process.execPath, [path.join(ROOT_DIR, 'scripts', 'precompress.mjs'), dist]);
    server = await startTestServer({ distDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const asset = () => `${server.origin}/h5/assets/app-abc123.js`;

  it('sends the plain file to a client that accepts no encoding', async () => {
    const r = await raw(asset());
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString()).toBe(SCRIPT);
    expect(r.headers['cache-control']).toContain('immutable');
  });

  it('sends the brotli copy when br is accepted, and it decompresses to the built file', async () => {
    const r = await raw(asset(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(zlib.brotliDecompressSync(r.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const r = await raw(asset(), { 'accept-encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(r.body).toString()).toBe(SCRIPT);
  });

  it('leaves files too small to gain as they are', async () => {
    const r = await raw(`${server.origin}/h5/assets/tiny-abc123.js`, { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString()).toBe('export{};\n');
  });

  it('puts a strict Content-Security-Policy and the other security headers on the app', async () => {
    const r = await raw(`${server.origin}/h5/`, { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    const csp = String(r.headers['content-security-policy']);
    const hash = createHash('sha256').update(BOOT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const part of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "default-src 'self'",
    ]) {
      expect(csp).toContain(part);
    }
    const host = new URL(server.origin).host;
    expect(csp).toContain(`connect-src 'self' ws://${host} wss://${host}`);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(r.headers['x-frame-options']).toBe('DENY');
    // Plain HTTP: no HSTS, which would lock a LAN deployment out.
    expect(r.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers a hashed script without the document-only headers, and a worker script with all of them', async () => {
    const r = await raw(asset(), { 'accept-encoding': 'br' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(r.headers['cache-control']).toContain('immutable');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'etag',
      'last-modified',
    ]) {
      expect(r.headers[name], name).toBeUndefined();
    }
    const head = Object.entries(r.headers)
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join('\r\n');
    expect(head.length).toBeLessThan(400);
    // A worker takes its policy from its own script's response.
    const worker = await raw(`${server.origin}/h5/assets/index-abc123.js`);
    expect(String(worker.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(worker.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers missing or out-of-folder asset names with 404, and HEAD with the headers only', async () => {
    expect((await raw(`${server.origin}/h5/assets/nope-abc123.js`)).status).toBe(404);
    // Sent as written (a URL object would resolve the dots before sending).
    const { hostname, port } = new URL(server.origin);
    for (const p of [
      '/h5/assets/..%2Findex.html',
      '/h5/assets/%2e%2e/index.html',
      '/h5/assets/../index.html',
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get({ hostname, port, path: p }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject);
      });
      expect(status, p).toBe(404);
    }
    const head = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(asset(), { method: 'HEAD', headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      });
      req.on('error', reject);
      req.end();
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });

  it('compresses API JSON above the threshold, and answers public market data with a validator', async () => {
    const url = `${server.origin}/api/market/catalog`;
    const r = await raw(url, { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(r.body).toString();
    expect(JSON.parse(text).code).toBe(200);
    expect(r.headers['cache-control']).toMatch(/^public, max-age=60/);
    const etag = String(r.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await raw(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const tickers = await raw(`${server.origin}/api/market/tickers`);
    expect(tickers.headers['cache-control']).toMatch(/^public, max-age=1\b/);
    const history = await raw(`${server.origin}/api/market/candles?symbol=BTC%2FUSDT&interval=1m&before=1`);
    expect(history.headers['cache-control']).toMatch(/^public, max-age=3600/);
  });

  it('answers the API with a policy that runs nothing and without the document-only headers', async () => {
    for (const url of [`${server.origin}/api/market/tickers`, `${server.origin}/api/user/info`]) {
      const r = await raw(url, { 'accept-encoding': 'br' });
      expect(r.headers['content-security-policy'], url).toBe(API_CSP);
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
      expect(r.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const name of DOCUMENT_ONLY_HEADERS.filter((h) => h !== 'content-security-policy')) {
        expect(r.headers[name], `${url} ${name}`).toBeUndefined();
      }
      const head = Object.entries(r.headers)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join('\r\n');
      expect(head.length, url).toBeLessThan(450);
    }
  });

  it('keeps private and small answers uncompressed-when-small and never cached', async () => {
    const r = await raw(`${server.origin}/api/user/info`, { 'accept-encoding': 'br' });
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers.etag).toBeUndefined();
    const settings = await raw(`${server.origin}/api/settings`, { 'accept-encoding': 'br' });
    expect(settings.headers['content-encoding']).toBeUndefined();
    expect(settings.headers['cache-control']).toBe('no-store');
  });

  it('negotiates permessage-deflate on the socket and still delivers messages', async () => {
    const ws = new WebSocket(`${server.origin.replace(/^http/, 'ws')}/ws`, { perMessageDeflate: true });
    const extensions = new Promise<string>((resolve, reject) => {
      ws.once('upgrade', (res) => resolve(String(res.headers['sec-websocket-extensions'] ?? '')));
      ws.once('error', reject);
    });
    await new Promise((r) => ws.once('open', r));
    expect(await extensions).toContain('permessage-deflate');
    expect(await extensions).toContain('server_no_context_takeover');
    const snapshot = new Promise<unknown>((resolve) =>
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as { ch?: string; data?: unknown };
        if (m.ch === 'depth:BTC/USDT' && m.data) resolve(m.data);
      }),
    );
    ws.send(JSON.stringify({ op: 'sub', ch: 'depth:BTC/USDT' }));
    expect(await snapshot).toBeTruthy();
    ws.close();
  });
});

describe('HSTS behind a TLS-terminating proxy', () => {
  it('is sent when the request came over HTTPS', async () => {
    const server = await startTestServer({ trustProxy: true });
    try {
      const r = await raw(`${server.origin}/api/settings`, { 'x-forwarded-proto': 'https' });
      expect(r.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await server.close();
    }
  });
});
