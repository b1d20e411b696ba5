// Issue 26, Security: console sessions end after a short idle time; operator and user credentials
// are refused on each other's routes; the console is CSRF-safe; OPS_CONSOLE=off leaves no trace of
// it; OPS_HOST/OPS_PORT serve it on a second address only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EndpointName, OpsOperator, OpsTokenInfo } from '../../domain';
import { normalize } from '../../domain/envelope';
import { ENDPOINTS, endpointPath } from '../../domain/endpoint-table';
import { registerUser } from '../support/accounts';
import { readReply } from '../support/api';
import { OPS_TOKEN, opsCall, opsData } from '../support/deposits';
import { asOperator, createOperator } from '../support/operators';
import { serverOn, startTestServer, type TestServer } from '../support/server';

/** The idle timeout of the first server, in ms: short, so a test can outlive it. */
const IDLE_MS = 2_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A console build with one file, so `/ops/` has something to serve. */
let consoleDir: string;
beforeAll(() => {
  consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
});
afterAll(() => fs.rmSync(consoleDir, { recursive: true, force: true }));

/** The first message and close code of the operator socket after `auth` with `token`. */
async function opsSocket(origin: string, token: string): Promise<{ first: unknown; code: Promise<number> }> {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/ops/ws`);
  const code = new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const first = new Promise((resolve) => ws.once('message', (raw) => resolve(JSON.parse(raw.toString()))));
  ws.send(JSON.stringify({ op: 'auth', token }));
  return { first: await first, code };
}

/** Whether the operator socket of `origin` accepts the upgrade at all. */
function socketOpens(origin: string): Promise<boolean> {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/ops/ws`);
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(true);
    });
    ws.once('error', () => resolve(false));
  });
}

describe('a console server (idle timeout, separation, CSRF)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      operatorToken: OPS_TOKEN,
      simMarket: false,
      opsIdleMs: IDLE_MS,
      opsDistDir: consoleDir,
    });
  });
  afterAll(() => server?.close());

  it('ends a console session after the idle time without a request, and says why', async () => {
    const op = await createOperator(server.origin, 'idle-one', 'viewer');
    expect((await asOperator(server.origin, op.token, 'auth/me', {}, 'GET')).status).toBe(200);
    await pause(IDLE_MS + 300);
    for (let i = 0; i < 2; i++) {
      const r = await asOperator(server.origin, op.token, 'auth/me', {}, 'GET');
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ key: 'opsSessionIdle' });
    }
  });

  it('keeps a session that makes requests alive past the idle time, within its 12 h', async () => {
    const op = await createOperator(server.origin, 'idle-two', 'viewer');
    const until = Date.now() + IDLE_MS * 2;
    while (Date.now() < until) {
      expect((await asOperator(server.origin, op.token, 'auth/me', {}, 'GET')).status).toBe(200);
      await pause(IDLE_MS / 4);
    }
  });

  it('leaves personal API tokens alone', async () => {
    const op = await createOperator(server.origin, 'idle-three', 'viewer');
    const { token } = opsData<OpsTokenInfo & { token: string }>(
      await asOperator(server.origin, op.token, 'tokens/create', { label: 'cli' }),
    );
    await pause(IDLE_MS + 300);
    expect((await asOperator(server.origin, token, 'auth/me', {}, 'GET')).status).toBe(200);
    expect((await asOperator(server.origin, op.token, 'auth/me', {}, 'GET')).status).toBe(401);
  });

  it('closes the operator socket of an idle session (an open tab does not keep it)', async () => {
    const op = await createOperator(server.origin, 'idle-four', 'viewer');
    const { first, code } = await opsSocket(server.origin, op.token);
    expect(first).toMatchObject({ op: 'authed' });
    expect(await code).toBe(4401);
    const again = await opsSocket(server.origin, op.token);
    expect(again.first).toMatchObject({ op: 'error', msg: 'opsSessionIdle' });
  });

  it("refuses a user's session on every ops route and on the operator socket (401)", async () => {
    const { token } = await registerUser(server.origin);
    const routes = opsData<{ name: string; method: 'GET' | 'POST'; duty: string }[]>(
      await opsCall(server.origin, 'routes', {}, { method: 'GET' }),
    ).filter((r) => r.duty !== 'public');
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) {
      const reply = await opsCall(server.origin, r.name, {}, { method: r.method, token, operator: null });
      expect(reply.status, r.name).toBe(401);
    }
    const socket = await opsSocket(server.origin, token);
    expect(socket.first).toMatchObject({ op: 'error', msg: 'sessionInvalid' });
    expect(await socket.code).toBe(4401);
  });

  it("refuses an operator's session and token on every user route and on the app's socket", async () => {
    const op = await createOperator(server.origin, 'sep-admin', 'admin');
    const { token: personal } = opsData<OpsTokenInfo & { token: string }>(
      await asOperator(server.origin, op.token, 'tokens/create', { label: 'cli' }),
    );
    const names = (Object.keys(ENDPOINTS) as EndpointName[]).filter((n) => ENDPOINTS[n].auth);
    expect(names.length).toBeGreaterThan(50);
    for (const token of [op.token, personal]) {
      for (const name of names) {
        const def = ENDPOINTS[name];
        // Both headers: whichever the route's variant reads holds the operator's credential.
        const headers: Record<string, string> = { token, authorization: `Bearer ${token}` };
        if (def.method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
        const reply = await readReply(
          await fetch(`${server.origin}${endpointPath(name)}`, {
            method: def.method,
            headers,
            ...(def.method === 'POST' && { body: '' }),
          }),
        );
        const outcome = normalize(def.variant, reply.status, reply.body);
        expect(outcome.ok, name).toBe(false);
        // The user API's "sign in" answer (its variant's envelope; HTTP 401 where the variant uses it).
        expect(outcome.ok ? null : outcome.intent, name).toBe('login');
      }
    }
    const ws = new WebSocket(`${server.origin.replace(/^http/, 'ws')}/ws`);
    await new Promise((resolve) => ws.once('open', resolve));
    const reply = new Promise((resolve) => ws.once('message', (raw) => resolve(JSON.parse(raw.toString()))));
    ws.send(JSON.stringify({ op: 'auth', token: op.token }));
    expect(await reply).toMatchObject({ op: 'error', msg: 'sessionInvalid' });
    ws.close();
  });

  it('is CSRF-safe: a cross-origin form post without a bearer changes nothing, CORS is never granted', async () => {
    const op = await createOperator(server.origin, 'csrf-admin', 'admin');
    const list = async () =>
      opsData<OpsOperator[]>(await asOperator(server.origin, op.token, 'operators', {}, 'GET'));
    const before = await list();
    // What a page on another site can make a browser send: a simple form post, cookies and all.
    const forged = await fetch(`${server.origin}/api/ops/operators/create`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: 'session=whatever',
      },
      body: 'name=mallory&role=admin&password=correct%20horse%20battery',
    });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('access-control-allow-origin')).toBeNull();
    expect(await list()).toEqual(before);
    // A preflight for a bearer request from another site is not answered with a grant.
    const preflight = await fetch(`${server.origin}/api/ops/withdrawals/approve`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    // The sign-in sets no cookie: the session is a bearer token the console's worker holds.
    const login = await opsCall(
      server.origin,
      'auth/login',
      { name: 'csrf-admin', password: op.password },
      { token: null, operator: null },
    );
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toBeNull();
  });

  it('serves the console files on the public address when no OPS_PORT is set', async () => {
    expect((await fetch(`${server.origin}/ops/`)).status).toBe(200);
  });
});

describe('OPS_CONSOLE=off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      operatorToken: OPS_TOKEN,
      simMarket: false,
      opsConsole: false,
      opsDistDir: consoleDir,
    });
  });
  afterAll(() => server?.close());

  it('serves no ops route, no operator socket and no console file: 404 as if absent', async () => {
    for (const [route, method] of [
      ['routes', 'GET'],
      ['auth/login', 'POST'],
      ['withdrawals/approve', 'POST'],
    ] as const) {
      const r = await opsCall(server.origin, route, {}, { method });
      expect(r.status, route).toBe(404);
      expect(r.body).toMatchObject({ key: 'notFound' });
    }
    expect(await socketOpens(server.origin)).toBe(false);
    expect((await fetch(`${server.origin}/ops/`)).status).toBe(404);
    expect((await fetch(`${server.origin}/ops/queues/kyc`)).status).toBe(404);
    // The app's own API is there.
    expect((await fetch(`${server.origin}${endpointPath('market/tickers')}`)).status).toBe(200);
  });
});

describe('OPS_HOST / OPS_PORT', () => {
  let server: TestServer;
  let opsOrigin: string;
  beforeAll(async () => {
    server = await startTestServer({
      operatorToken: OPS_TOKEN,
      simMarket: false,
      opsListen: { host: '127.0.0.1', port: 0 },
      opsDistDir: consoleDir,
    });
    opsOrigin = serverOn(server.dataDir).opsUrl!;
  });
  afterAll(() => server?.close());

  it('serves the ops API, the operator socket and /ops/ on the second address only', async () => {
    expect(opsOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(opsOrigin).not.toBe(server.origin);
    expect((await opsCall(opsOrigin, 'routes', {}, { method: 'GET' })).status).toBe(200);
    const op = await createOperator(opsOrigin, 'second-address', 'viewer');
    expect((await asOperator(opsOrigin, op.token, 'auth/me', {}, 'GET')).status).toBe(200);
    expect((await opsSocket(opsOrigin, op.token)).first).toMatchObject({ op: 'authed' });
    expect((await fetch(`${opsOrigin}/ops/`)).status).toBe(200);

    expect((await opsCall(server.origin, 'routes', {}, { method: 'GET' })).status).toBe(404);
    expect((await asOperator(server.origin, op.token, 'auth/me', {}, 'GET')).status).toBe(404);
    expect(await socketOpens(server.origin)).toBe(false);
    expect((await fetch(`${server.origin}/ops/`)).status).toBe(404);
  });
});
