import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SYS_CHANNEL, type ServerMessage } from '../../domain';
import { registerUser } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Opens the socket and collects every message it receives. */
async function connect(): Promise<{
  ws: WebSocket;
  next(pred: (m: ServerMessage) => boolean): Promise<ServerMessage>;
}> {
  const ws = new WebSocket(`${server.origin.replace(/^http/, 'ws')}/ws`);
  const inbox: ServerMessage[] = [];
  const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as ServerMessage;
    const i = waiters.findIndex((w) => w.pred(msg));
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(msg);
    else inbox.push(msg);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    next(pred) {
      const i = inbox.findIndex(pred);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]!);
      return new Promise((resolve, reject) => {
        waiters.push({ pred, resolve });
        setTimeout(() => reject(new Error('no matching socket message within 5 s')), 5_000).unref();
      });
    },
  };
}

describe('socket /ws', () => {
  it('acknowledges a sys subscription and sends the server time', async () => {
    const { ws, next } = await connect();
    const before = Date.now();
    ws.send(JSON.stringify({ op: 'sub', ch: SYS_CHANNEL }));
    expect(await next((m) => 'op' in m && m.op === 'subbed')).toEqual({ op: 'subbed', ch: 'sys' });
    const tick = await next((m) => 'ch' in m && m.ch === SYS_CHANNEL && 'data' in m);
    const serverTime = (tick as { data: { serverTime: number } }).data.serverTime;
    expect(serverTime).toBeGreaterThanOrEqual(before - 1_000);
    expect(serverTime).toBeLessThanOrEqual(Date.now() + 1_000);
    ws.close();
  });

  it('answers an unknown channel, a bad message and a ping', async () => {
    const { ws, next } = await connect();
    ws.send(JSON.stringify({ op: 'sub', ch: 'nope.channel' }));
    expect(await next((m) => 'op' in m && m.op === 'error')).toMatchObject({
      op: 'error',
      ch: 'nope.channel',
    });
    ws.send('not json');
    const bad = await next((m) => 'op' in m && m.op === 'error');
    expect(bad).toMatchObject({ op: 'error' });
    expect('ch' in bad).toBe(false);
    ws.send(JSON.stringify({ op: 'ping', t: 42 }));
    expect(await next((m) => 'op' in m && m.op === 'pong')).toEqual({ op: 'pong', t: 42 });
    ws.close();
  });

  it('binds the socket to a user with auth, and refuses a bad token', async () => {
    const grant = await registerUser(server.origin);
    const { ws, next } = await connect();
    ws.send(JSON.stringify({ op: 'auth', token: 'not-a-token' }));
    expect(await next((m) => 'op' in m && m.op === 'error')).toMatchObject({ msg: 'sessionInvalid' });
    ws.send(JSON.stringify({ op: 'auth', token: grant.token }));
    expect(await next((m) => 'op' in m && m.op === 'authed')).toEqual({
      op: 'authed',
      userId: grant.user.id,
    });
    ws.close();
  });

  it('handles one socket’s messages in order: a private sub right after auth succeeds', async () => {
    const grant = await registerUser(server.origin);
    const { ws, next } = await connect();
    ws.send(JSON.stringify({ op: 'auth', token: grant.token }));
    ws.send(JSON.stringify({ op: 'sub', ch: 'private' }));
    expect(await next((m) => 'op' in m && (m.op === 'subbed' || m.op === 'error'))).toEqual({
      op: 'subbed',
      ch: 'private',
    });
    ws.close();
  });

  it('refuses a private channel without auth', async () => {
    const { ws, next } = await connect();
    ws.send(JSON.stringify({ op: 'sub', ch: 'private' }));
    expect(await next((m) => 'op' in m && m.op === 'error')).toMatchObject({
      ch: 'private',
      msg: 'auth required',
    });
    ws.close();
  });
});
