// The worker core in Node (fake-indexeddb, real fetch, `ws` as the WebSocket) against the real server.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { SysData } from '../../domain';
import { createCore, type Core } from '../../worker/core';
import { readOutboxCode, startTestServer } from '../support/server';

let server: Awaited<ReturnType<typeof startTestServer>>;
const cores: Core[] = [];
let seq = 0;

function core(): Core {
  const c = createCore({
    fetch: (url, init) => fetch(url, init),
    WebSocket,
    indexedDB,
    IDBKeyRange,
    dbName: `worker-core-it-${process.pid}-${++seq}`,
  });
  cores.push(c);
  return c;
}

async function booted(origin = server.origin): Promise<Core> {
  const c = core();
  await c.init({ origin, socketPath: '/ws' });
  return c;
}

const uniqueEmail = (tag: string) => `${tag}.${process.pid}.${Date.now()}.${++seq}@example.com`;

/** Registers a new e-mail account through the core the way the app does; returns account and password. */
async function register(c: Core, password = 'Start1pass') {
  const account = uniqueEmail('reg');
  expect(await c.call('sms/send', { account, scene: 'register' })).toMatchObject({ ok: true });
  const code = await readOutboxCode(server.origin, account);
  const out = await c.call('user/register', {
    kind: 'email',
    account,
    code,
    password,
    confirm: password,
    agree: true,
  });
  expect(out).toMatchObject({ ok: true });
  return { account, password };
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  for (const c of cores) await c.dispose();
  await server?.close();
});

describe('worker core against the real server: accounts', () => {
  it('registers by e-mail, changes the password, logs out and logs in with the new password', async () => {
    const c = await booted();
    expect(await c.currentUser()).toBeNull();
    const { account, password } = await register(c);
    expect(await c.currentUser()).toMatchObject({ account, accountKind: 'email' });

    const step1 = await c.call('user/modifyPwd', { oldPassword: password });
    expect(step1).toMatchObject({ ok: true });
    if (!step1.ok) throw new Error('unreachable');
    const next = 'Changed2pass';
    expect(
      await c.call('user/modifyPwdNext', { ticket: step1.data.ticket, password: next, confirm: next }),
    ).toMatchObject({
      ok: true,
    });
    // Still signed in on this device after the change.
    expect(await c.currentUser()).toMatchObject({ account });

    await c.call('user/logout', {});
    expect(await c.currentUser()).toBeNull();
    // Signed out: a private call now asks for login.
    expect(await c.call('user/modifyPwd', { oldPassword: next })).toMatchObject({
      ok: false,
      intent: 'login',
    });

    expect(await c.call('user/login', { account, password })).toMatchObject({
      ok: false,
      intent: 'message',
      messageKey: 'incorrectPassword',
    });
    expect(await c.call('user/login', { account, password: next })).toMatchObject({ ok: true });
    expect(await c.currentUser()).toMatchObject({ account });
  });

  it('keeps a session across a worker restart and refreshes it from user/info', async () => {
    const dbName = `worker-core-restart-${process.pid}-${++seq}`;
    const make = () =>
      createCore({ fetch: (url, init) => fetch(url, init), WebSocket, indexedDB, IDBKeyRange, dbName });
    const first = make();
    await first.init({ origin: server.origin, socketPath: '/ws' });
    const { account } = await register(first);
    await first.dispose();
    const second = make();
    cores.push(second);
    const boot = await second.init({ origin: server.origin, socketPath: '/ws' });
    expect(boot.user).toMatchObject({ account });
  });

  it('a wrong verification code gives message codeWrong', async () => {
    const c = await booted();
    const account = uniqueEmail('badcode');
    expect(await c.call('sms/send', { account, scene: 'register' })).toMatchObject({ ok: true });
    const code = await readOutboxCode(server.origin, account);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const out = await c.call('user/register', {
      kind: 'email',
      account,
      code: wrong,
      password: 'Start1pass',
      confirm: 'Start1pass',
      agree: true,
    });
    expect(out).toMatchObject({ ok: false, intent: 'message', messageKey: 'codeWrong' });
    expect(await c.currentUser()).toBeNull();
  });

  it('answers in the user’s language', async () => {
    const c = await booted();
    await c.setPrefs({ lang: 'en' });
    const en = await c.call('user/login', { account: uniqueEmail('lang'), password: 'Whatever1' });
    await c.setPrefs({ lang: 'zh' });
    const zh = await c.call('user/login', { account: uniqueEmail('lang'), password: 'Whatever1' });
    expect(en).toMatchObject({ ok: false, intent: 'message' });
    expect(zh).toMatchObject({ ok: false, intent: 'message' });
    if (en.ok || zh.ok) throw new Error('unreachable');
    expect(en.messageKey).toBe(zh.messageKey);
    expect(en.message).toBeTruthy();
    expect(en.message).not.toBe(zh.message);
  });

  it('hammering user/login gives message rateLimited', async () => {
    const c = await booted();
    const account = uniqueEmail('hammer');
    const keys: Array<string | undefined> = [];
    for (let i = 0; i < 15; i++) {
      const out = await c.call('user/login', { account, password: 'Wrong1pass' });
      keys.push(out.ok ? 'ok' : out.messageKey);
      if (!out.ok && out.messageKey === 'rateLimited') break;
    }
    expect(keys.at(-1)).toBe('rateLimited');
    expect(await c.call('user/login', { account, password: 'Wrong1pass' })).toMatchObject({
      ok: false,
      intent: 'message',
      messageKey: 'rateLimited',
    });
  });

  it('a variant-3 call with an invalidated token gives login and clears the session', async () => {
    const a = await booted();
    const { account, password } = await register(a);
    // Another device changes the password, which signs out every other session (a's included).
    const b = await booted();
    expect(await b.call('user/login', { account, password })).toMatchObject({ ok: true });
    const step1 = await b.call('user/modifyPwd', { oldPassword: password });
    if (!step1.ok) throw new Error(`modifyPwd failed: ${JSON.stringify(step1)}`);
    const next = 'Other3pass';
    expect(
      await b.call('user/modifyPwdNext', { ticket: step1.data.ticket, password: next, confirm: next }),
    ).toMatchObject({
      ok: true,
    });

    expect(await a.currentUser()).toMatchObject({ account });
    expect(await a.call('user/modifyPwd', { oldPassword: next })).toMatchObject({
      ok: false,
      intent: 'login',
    });
    expect(await a.currentUser()).toBeNull();
    expect(await b.currentUser()).toMatchObject({ account });
  });

  it('user/checkTradePwd without a trade password gives tradePassword', async () => {
    const c = await booted();
    await register(c);
    const loading: boolean[] = [];
    await c.onLoading((busy) => loading.push(busy));
    expect(await c.call('user/checkTradePwd', { tradePassword: 'Trade1pass' })).toMatchObject({
      ok: false,
      intent: 'tradePassword',
    });
    expect(loading).toEqual([true, false]);
    expect(await c.currentUser()).not.toBeNull();
  });

  it('reads the settings (variant 5)', async () => {
    const c = await booted();
    expect(await c.call('settings', {})).toMatchObject({ ok: true, data: { socketPath: '/ws' } });
  });
});

/** A TCP proxy in front of the server, so a test can drop connections the way a network does. */
async function startProxy(target: string) {
  const { hostname, port } = new URL(target);
  const pairs = new Set<[net.Socket, net.Socket]>();
  const proxy = net.createServer((down) => {
    const up = net.connect(Number(port), hostname);
    const pair: [net.Socket, net.Socket] = [down, up];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      down.destroy();
      up.destroy();
    };
    down.on('error', end).on('close', end);
    up.on('error', end).on('close', end);
    down.pipe(up);
    up.pipe(down);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    /** Cuts every connection from the server side. */
    dropAll() {
      for (const [down, up] of pairs) {
        up.destroy();
        down.destroy();
      }
    },
    connections: () => pairs.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const [down, up] of pairs) {
          down.destroy();
          up.destroy();
        }
        proxy.close(() => resolve());
      }),
  };
}

/** Resolves with the next value pushed to the callback `subscribe` installs, or rejects after `ms`. */
function next<T>(subscribe: (push: (v: T) => void) => void, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
    subscribe((v) => {
      clearTimeout(timer);
      resolve(v);
    });
  });
}

describe('worker core against the real server: socket', () => {
  it('receives serverTime on sys, and again after the server side drops the connection', async () => {
    const proxy = await startProxy(server.origin);
    try {
      const c = await booted(proxy.origin);
      const states: string[] = [];
      await c.onSocketState((s) => states.push(s));
      let push: ((d: SysData) => void) | null = null;
      await c.subscribe('sys', (d) => push?.(d as SysData));

      const first = await next<SysData>((p) => (push = p), 5_000);
      expect(typeof first.serverTime).toBe('number');
      expect(Math.abs(first.serverTime - Date.now())).toBeLessThan(60_000);
      expect(states.at(-1)).toBe('open');

      const opens = states.filter((s) => s === 'open').length;
      proxy.dropAll();
      const second = await next<SysData>((p) => (push = p), 8_000);
      expect(second.serverTime).toBeGreaterThanOrEqual(first.serverTime);
      expect(states).toContain('closed');
      expect(states.filter((s) => s === 'open').length).toBe(opens + 1);
    } finally {
      await proxy.close();
    }
  });
});

describe('worker core: a session revoked on the server ends here too', () => {
  it('signs out when its socket is told the session was revoked (password changed on another device)', async () => {
    const c = await booted();
    const { account, password } = await register(c);
    let ended = false;
    const signedOut = new Promise<void>(
      (resolve) =>
        void c.onSignedOut(() => {
          ended = true;
          resolve();
        }),
    );
    // The socket carries this session's identity; a private channel keeps it busy.
    await c.subscribe('private', () => undefined);
    await new Promise((r) => setTimeout(r, 300));
    const other = await booted();
    expect(await other.call('user/login', { account, password })).toMatchObject({ ok: true });
    const step1 = await other.call('user/modifyPwd', { oldPassword: password });
    if (!step1.ok) throw new Error('modifyPwd failed');
    const next = 'Changed2pass';
    expect(
      await other.call('user/modifyPwdNext', { ticket: step1.data.ticket, password: next, confirm: next }),
    ).toMatchObject({ ok: true });
    // No call from this core: only the socket can tell it.
    await signedOut;
    expect(ended).toBe(true);
    expect(await c.currentUser()).toBeNull();
    expect(await other.currentUser()).toMatchObject({ account });
  });
});
