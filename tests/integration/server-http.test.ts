import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { NOT_BUILT_NOTE } from '../../server/http/static-files';
import { callApi } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';

let tmp: string;
let built: TestServer;
let bare: RunningServer;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'server-http-'));
  const dist = path.join(tmp, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
  const locales = path.join(tmp, 'locales');
  for (const [lang, text] of [
    ['en', 'The code is wrong'],
    ['zh', '验证码错误'],
  ]) {
    fs.mkdirSync(path.join(locales, lang!), { recursive: true });
    fs.writeFileSync(path.join(locales, lang!, 'errors.json'), JSON.stringify({ codeWrong: text }));
  }
  built = await startTestServer({ distDir: dist });
  bare = await startServer({
    env: {},
    logLevel: 'silent',
    localesDir: locales,
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir: ':memory:',
      distDir: path.join(tmp, 'missing'),
      basePath: '/app/',
    },
  });
});
afterAll(async () => {
  await built?.close();
  await bare?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the built app', () => {
  it('redirects / to the base path and serves index.html there', async () => {
    const root = await fetch(`${built.origin}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/h5/');
    const index = await fetch(`${built.origin}/h5/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<title>app</title>');
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves sw.js uncached with Service-Worker-Allowed, and hashed assets as immutable', async () => {
    const sw = await fetch(`${built.origin}/h5/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('service-worker-allowed')).toBe('/h5/');
    const asset = await fetch(`${built.origin}/h5/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${built.origin}/h5/nothing.js`)).status).toBe(404);
  });

  it('tells the operator to build when dist is missing', async () => {
    const res = await fetch(`${bare.url}/app/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(NOT_BUILT_NOTE);
    expect(NOT_BUILT_NOTE).toContain('npm run build');
    const root = await fetch(`${bare.url}/`, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/app/');
  });
});

describe('API surface', () => {
  it('serves settings (variant 5) with the socket path, version and server time', async () => {
    const r = await callApi(built.origin, 'settings');
    expect(r.status).toBe(200);
    const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version: string };
    expect(r.body).toMatchObject({
      mode: 'demo',
      socketPath: '/ws',
      version: pkg.version,
      simulated: { market: true, chain: true, messages: true },
    });
    expect(Math.abs(Date.parse(r.body.serverTime) - Date.now())).toBeLessThan(60_000);
  });

  it('serves the address lookup without the /api prefix', async () => {
    const r = await callApi(
      built.origin,
      'address/lookup',
      {},
      { headers: { 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' } },
    );
    expect(r.body).toEqual({ lang: 'id', region: 'ID' });
    const ko = await callApi(built.origin, 'address/lookup', {}, { headers: { 'accept-language': 'ko-KR' } });
    expect(ko.body).toEqual({ lang: 'kor', region: 'KR' });
    const none = await callApi(built.origin, 'address/lookup');
    expect(none.body).toEqual({ lang: null, region: null });
    expect((await fetch(`${built.origin}/api/address/lookup`)).status).toBe(404);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await fetch(`${built.origin}/api/no/such/thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 400, data: null, key: 'notFound' });
  });

  it('localises messages by the lang header, then Accept-Language, falling back to English and the key', async () => {
    const body = {
      kind: 'mobile',
      account: '13900000000',
      code: '123456',
      password: 'Secret123',
      confirm: 'Secret123',
      agree: 'true',
    };
    const zh = await callApi(bare.url, 'user/register', body, {
      headers: { lang: 'zh', 'accept-language': 'en' },
    });
    expect(zh.body).toMatchObject({ key: 'codeWrong', message: '验证码错误' });
    const accept = await callApi(bare.url, 'user/register', body, {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(accept.body.message).toBe('验证码错误');
    // No Korean file: English. No lang at all: id, which has no file either: English.
    expect((await callApi(bare.url, 'user/register', body, { headers: { lang: 'kor' } })).body.message).toBe(
      'The code is wrong',
    );
    expect((await callApi(bare.url, 'user/register', body)).body.message).toBe('The code is wrong');
    // A key no file has: the key itself.
    const missing = await callApi(
      bare.url,
      'user/register',
      { ...body, agree: 'false' },
      { headers: { lang: 'zh' } },
    );
    expect(missing.body).toMatchObject({ key: 'agreementRequired', message: 'agreementRequired' });
  });
});
