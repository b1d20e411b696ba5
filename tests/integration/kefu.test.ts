// The support chat between a user and the operator API: delivery, receipts, validation, and the
// worker's outbox across a server restart and a lost reply (no duplicate, no loss).
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { KefuMessage } from '../../domain/kefu-types';
import { createCore, type Core } from '../../worker/core';
import { openDb } from '../../worker/store';
import type { KefuView } from '../../worker/core-api';
import { callApi } from '../support/api';
import { registerUser, TEST_PASSWORD } from '../support/accounts';
import { removeTestData, startTestServer, type TestServer } from '../support/server';
import { withServerDb } from '../support/server-db';
import { JPEG, OPS_TOKEN, opsCall, PNG } from '../support/bank';

let server: TestServer;
const cores: Core[] = [];
beforeAll(async () => {
  server = await startTestServer({ operatorToken: OPS_TOKEN, simMarket: false });
});
afterAll(async () => {
  for (const c of cores) await c.dispose().catch(() => undefined);
  await server?.close();
});

const send = (token: string, fields: Record<string, string>) =>
  callApi(server.origin, 'kefu/send', fields, { token, json: true });
const count = async (sql: string, ...args: unknown[]) =>
  (await withServerDb(server.dataDir, (db) => db.get<{ n: number }>(sql, ...args)))!.n;

/** Resolves with the first view `pick` accepts. */
function viewWhere(c: Core, pick: (v: KefuView) => boolean, ms = 10_000): Promise<KefuView> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('view never came')), ms);
    void c.kefuWatch((v) => {
      if (!pick(v)) return;
      clearTimeout(timer);
      resolve(v);
    });
  });
}

describe('support chat over HTTP and the operator API', () => {
  it('stores a message once per client id, delivers, reads and replies with receipts', async () => {
    const me = await registerUser(server.origin);
    const first = await send(me.token, { clientId: 'abcdef12', text: '  Hello support  ' });
    expect(first.body.data).toMatchObject({ sender: 'user', text: 'Hello support', deliveredAt: null });
    const again = await send(me.token, { clientId: 'abcdef12', text: 'Hello support' });
    expect(again.body.data.id).toBe(first.body.data.id);
    const img = await send(me.token, { clientId: 'abcdef13', mime: 'image/png', data: PNG });
    expect(img.body.data).toMatchObject({ kind: 'image', text: '' });

    const inbox = (await opsCall(server.origin, 'GET', 'kefu/conversations')).body.data;
    expect(inbox[0]).toMatchObject({ account: me.user.account, unread: 2 });
    const msgs = (await opsCall(server.origin, 'GET', 'kefu/messages', { account: me.user.account })).body
      .data;
    expect(msgs.map((m: KefuMessage) => m.id)).toEqual([first.body.data.id, img.body.data.id]);
    const picture = await opsCall(server.origin, 'GET', 'kefu/image', { id: img.body.data.imageId });
    expect(picture.body.data.data).toBe(PNG);

    let history = (await callApi(server.origin, 'kefu/history', {}, { token: me.token })).body.data;
    expect(history.messages.every((m: KefuMessage) => m.deliveredAt !== null && m.readAt === null)).toBe(
      true,
    );
    await opsCall(server.origin, 'POST', 'kefu/read', { account: me.user.account, upTo: img.body.data.id });
    const reply = await opsCall(
      server.origin,
      'POST',
      'kefu/reply',
      { account: me.user.account, text: 'Hi, how can we help?' },
      'carol',
    );
    expect(reply.body.data).toMatchObject({ sender: 'operator', text: 'Hi, how can we help?' });

    history = (await callApi(server.origin, 'kefu/history', {}, { token: me.token })).body.data;
    expect(history.unread).toBe(1);
    expect(history.messages.slice(0, 2).every((m: KefuMessage) => m.readAt !== null)).toBe(true);
    await callApi(
      server.origin,
      'kefu/mark',
      { upTo: reply.body.data.id, state: 'read' },
      { token: me.token },
    );
    expect((await callApi(server.origin, 'kefu/unread', {}, { token: me.token })).body.data.count).toBe(0);
    const actions = (await opsCall(server.origin, 'GET', 'actions')).body.data;
    expect(actions.find((a: { action: string }) => a.action === 'kefu.reply')).toMatchObject({
      operator: 'carol',
    });

    // The operator can answer with a picture; the user reads it, a wrong type is refused.
    const pic = await opsCall(server.origin, 'POST', 'kefu/reply', {
      account: me.user.account,
      imageMime: 'image/png',
      imageData: PNG,
    });
    expect(pic.body.data).toMatchObject({ sender: 'operator', kind: 'image' });
    const seen = await callApi(
      server.origin,
      'kefu/image',
      { id: pic.body.data.imageId },
      { token: me.token },
    );
    expect(seen.body.data).toMatchObject({ mime: 'image/png', data: PNG });
    const wrong = await opsCall(server.origin, 'POST', 'kefu/reply', {
      account: me.user.account,
      imageMime: 'image/png',
      imageData: JPEG,
    });
    expect(wrong.body.key).toBe('uploadType');

    // Another user can neither read this conversation's images nor see its messages.
    const other = await registerUser(server.origin);
    expect(
      (await callApi(server.origin, 'kefu/image', { id: img.body.data.imageId }, { token: other.token }))
        .status,
    ).toBe(404);
    expect(
      (await callApi(server.origin, 'kefu/history', {}, { token: other.token })).body.data.messages,
    ).toEqual([]);
  });

  it('refuses oversize, empty and mistyped messages and stores nothing', async () => {
    const me = await registerUser(server.origin);
    const before = await count('select count(*) as n from kefu_messages');
    const images = await count('select count(*) as n from kefu_images');
    const cases: [Record<string, string>, string][] = [
      [{ clientId: 'abcdefgh', text: 'x'.repeat(1001) }, 'kefuTooLong'],
      [{ clientId: 'abcdefgh', text: '   ' }, 'kefuEmpty'],
      [{ clientId: 'bad id!', text: 'hi' }, 'kefuClientId'],
      [{ text: 'hi' }, 'kefuClientId'],
      [{ clientId: 'abcdefgh', mime: 'image/gif', data: PNG }, 'uploadType'],
      [{ clientId: 'abcdefgh', mime: 'image/png', data: JPEG }, 'uploadType'],
      [
        {
          clientId: 'abcdefgh',
          mime: 'image/png',
          data: Buffer.from('<svg onload=alert(1)>').toString('base64'),
        },
        'uploadType',
      ],
    ];
    for (const [fields, key] of cases) {
      const r = await send(me.token, fields);
      expect(r.body.key, JSON.stringify(fields).slice(0, 60)).toBe(key);
    }
    expect((await callApi(server.origin, 'kefu/send', { clientId: 'abcdefgh', text: 'x' })).body.code).toBe(
      500,
    );
    expect(await count('select count(*) as n from kefu_messages')).toBe(before);
    expect(await count('select count(*) as n from kefu_images')).toBe(images);
  });
});

describe('support chat in the worker', () => {
  it('receives the reply live, and sends queued messages after a restart and a lost reply exactly once, in order', async () => {
    const me = await registerUser(server.origin);
    let dropNextSendReply = false;
    const c = createCore({
      fetch: async (url, init) => {
        const res = await fetch(url, init);
        if (dropNextSendReply && String(url).endsWith('/api/kefu/send')) {
          dropNextSendReply = false;
          throw new TypeError('connection reset after the server stored it');
        }
        return res;
      },
      WebSocket,
      indexedDB,
      IDBKeyRange,
      dbName: `kefu-it-${process.pid}`,
      requestTimeoutMs: 3_000,
    });
    cores.push(c);
    await c.init({ origin: server.origin, socketPath: '/ws' });
    expect(await c.call('user/login', { account: me.user.account, password: TEST_PASSWORD })).toMatchObject({
      ok: true,
    });

    await c.kefuSend({ text: 'first' });
    await viewWhere(c, (v) => v.messages.some((m) => m.text === 'first') && v.pending.length === 0);
    const reply = opsCall(server.origin, 'POST', 'kefu/reply', {
      account: me.user.account,
      text: 'live reply',
    });
    const live = await viewWhere(c, (v) => v.messages.some((m) => m.text === 'live reply'));
    expect(live.unread).toBe(1);
    await reply;
    // The device acknowledged it: the operator sees it delivered.
    await expect
      .poll(async () => {
        const m = (await opsCall(server.origin, 'GET', 'kefu/messages', { account: me.user.account })).body
          .data;
        return m.find((x: KefuMessage) => x.text === 'live reply')?.deliveredAt ?? null;
      })
      .not.toBeNull();
    expect(await c.kefuSend({ text: 'x'.repeat(1001) })).toMatchObject({
      ok: false,
      messageKey: 'kefuTooLong',
    });

    // The server goes away; three messages are typed; the first reply on return is lost.
    const port = Number(new URL(server.origin).port);
    await server.stop();
    // Another start of the app on this device while the server is gone: the saved conversation, dated.
    const offline = createCore({
      fetch: (u, i) => fetch(u, i),
      WebSocket,
      indexedDB,
      IDBKeyRange,
      dbName: `kefu-it-${process.pid}`,
      requestTimeoutMs: 1_000,
    });
    cores.push(offline);
    await offline.init({ origin: server.origin, socketPath: '/ws' });
    const saved = await viewWhere(offline, (v) => v.stale);
    expect(saved.messages.map((m) => m.text)).toEqual(['first', 'live reply']);
    expect(saved.savedAt).toBeGreaterThan(0);
    await offline.dispose();

    for (const text of ['queued one', 'queued two', 'queued three']) await c.kefuSend({ text });
    const waiting = await viewWhere(c, (v) => v.pending.length === 3);
    expect(waiting.pending.map((p) => p.text)).toEqual(['queued one', 'queued two', 'queued three']);
    dropNextSendReply = true;
    const dataDir = server.dataDir;
    server = await startTestServer({ operatorToken: OPS_TOKEN, simMarket: false, dataDir, port });
    const cleanup = server.close.bind(server);
    server.close = async () => {
      await cleanup();
      await removeTestData(dataDir);
    };
    // The socket reconnects and flushes; the lost reply's message waits for the next reconnect or refresh.
    await viewWhere(c, (v) => v.pending.length <= 2, 20_000);
    await c.kefuRefresh();
    expect(dropNextSendReply).toBe(false);
    const done = await viewWhere(c, (v) => v.pending.length === 0, 20_000);
    const texts = done.messages.filter((m) => m.sender === 'user').map((m) => m.text);
    expect(texts).toEqual(['first', 'queued one', 'queued two', 'queued three']);
    expect(await count(`select count(*) as n from kefu_messages where text like 'queued%'`)).toBe(3);

    // Signing out removes the saved conversation from the device (a private copy of the dated cache).
    const db = openDb({ name: `kefu-it-${process.pid}`, indexedDB, IDBKeyRange });
    expect(await db.kv.get('private:kefu_history')).toBeDefined();
    await c.call('user/logout', {});
    await expect.poll(async () => (await db.kv.get('private:kefu_history')) ?? null).toBeNull();
    expect(await db.kv.get('kefu_history')).toBeUndefined();
    db.close();
  }, 60_000);
});

describe('support chat history paging', () => {
  it('reads older pages in order without gaps', async () => {
    const me = await registerUser(server.origin);
    for (let i = 0; i < 60; i++) {
      await opsCall(server.origin, 'POST', 'kefu/reply', { account: me.user.account, text: `m${i}` });
    }
    const c = createCore({
      fetch: (u, i) => fetch(u, i),
      WebSocket,
      indexedDB,
      IDBKeyRange,
      dbName: `kefu-page-${process.pid}`,
    });
    cores.push(c);
    await c.init({ origin: server.origin, socketPath: '/ws' });
    await c.call('user/login', { account: me.user.account, password: TEST_PASSWORD });
    const first = await viewWhere(c, (v) => v.loaded);
    expect(first.messages).toHaveLength(50);
    expect(first.hasOlder).toBe(true);
    expect(first.unread).toBe(60);
    await c.kefuOlder();
    const all = await viewWhere(c, (v) => v.messages.length === 60);
    expect(all.messages.map((m) => m.text)).toEqual(Array.from({ length: 60 }, (_, i) => `m${i}`));
    expect(all.hasOlder).toBe(false);
  });
});
