// The console worker's API client: the envelope read into data or a problem, 401 ending the session,
// 403 as "your role cannot", the token sent by the worker and never handed to the page.
import { describe, expect, it } from 'vitest';
import { createConsoleApi } from '../../../console/worker/api';
import { createOpsClient, queryOf } from '../../../console/worker/client';
import { createOpsSocket } from '../../../console/worker/socket';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch that answers each call with the next reply and records what was sent. */
function fakeFetch(replies: { status: number; body?: unknown }[]) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const r = replies.shift() ?? { status: 200, body: { code: 200, data: {}, msg: '' } };
    return new Response(r.body === undefined ? 'not json' : JSON.stringify(r.body), { status: r.status });
  };
  return { fetch, sent };
}

const headersOf = (s: Sent) => s.init.headers as Record<string, string>;
const ok = (data: unknown) => ({ status: 200, body: { code: 200, data, msg: '' } });
const me = { id: 1, name: 'ann', role: 'reviewer', duties: ['read', 'review', 'self'] };

function parts(replies: { status: number; body?: unknown }[]) {
  const f = fakeFetch(replies);
  const client = createOpsClient({ origin: 'https://x.test', fetch: f.fetch });
  const socket = createOpsSocket({
    url: 'wss://x.test/api/ops/ws',
    open: () => ({ send() {}, close() {} }) as unknown as WebSocket,
    token: () => client.token(),
    setTimeout: () => 0,
    clearTimeout: () => {},
  });
  return { ...f, client, api: createConsoleApi(client, socket) };
}

describe('the console client', () => {
  it('reads the variant-2 envelope into data, and a refusal into its message and field', async () => {
    const { client } = parts([
      ok([{ id: 3 }]),
      {
        status: 200,
        body: { code: 400, data: null, msg: 'Give a reason', key: 'required', field: 'reason' },
      },
    ]);
    expect(await client.call('kyc', { status: 'review' })).toEqual({ ok: true, data: [{ id: 3 }] });
    expect(await client.call('kyc/reject', { id: 3, reason: '' })).toEqual({
      ok: false,
      problem: 'message',
      message: 'Give a reason',
      messageKey: 'required',
      field: 'reason',
    });
  });

  it('sends GET input as a query without empty fields, POST input as JSON, and the language', async () => {
    const { client, sent } = parts([ok([]), ok({})]);
    client.setLang('zh');
    await client.call('actions', { operator: 'ann', action: '', limit: 20 });
    await client.call('kyc/approve', { id: 7 });
    expect(sent[0]!.url).toBe('https://x.test/api/ops/actions?operator=ann&limit=20');
    expect(sent[0]!.init.method).toBe('GET');
    expect(headersOf(sent[0]!).lang).toBe('zh');
    expect(sent[1]!.init.method).toBe('POST');
    expect(sent[1]!.init.body).toBe('{"id":7}');
    expect(queryOf({ a: undefined, b: null, c: 0 })).toBe('?c=0');
  });

  it('keeps the session token in the worker: sent as Bearer, never in what the page receives', async () => {
    const { api, sent } = parts([
      ok({ step: 'totp', ticket: 't1' }),
      ok({ token: 'secret-session-token', expiresAt: 99, me }),
      ok([]),
    ]);
    await api.login('ann', 'a long password');
    const signedIn = await api.totp('t1', '123456');
    expect(signedIn).toEqual({ ok: true, data: { me, expiresAt: 99 } });
    expect(JSON.stringify(signedIn)).not.toContain('secret-session-token');
    await api.call('kyc', {});
    expect(headersOf(sent[0]!).authorization).toBeUndefined();
    expect(headersOf(sent[2]!).authorization).toBe('Bearer secret-session-token');
    expect(sent[2]!.init.credentials).toBe('omit');
  });

  it('ends the session on a 401 (or the login code) and tells the page, once', async () => {
    const { api, client } = parts([
      ok({ token: 'tok', expiresAt: 1, me }),
      { status: 401, body: { code: 400, data: null, msg: 'Session invalid' } },
      ok([]),
    ]);
    let told = 0;
    api.onSignedOut(() => (told += 1));
    await api.totp('t', '000000');
    const r = await api.call('kyc', {});
    expect(r).toMatchObject({ ok: false, problem: 'signIn' });
    expect(told).toBe(1);
    expect(client.token()).toBeNull();
    expect(await api.me()).toEqual({ ok: false, problem: 'signIn' });
  });

  it("tells the page a session the server's idle timeout ended, and any other end apart", async () => {
    const idle = parts([
      ok({ token: 'tok', expiresAt: 1, me }),
      { status: 401, body: { code: 400, data: null, msg: 'Signed out', key: 'opsSessionIdle' } },
    ]);
    const reasons: string[] = [];
    idle.api.onSignedOut((why) => reasons.push(why));
    await idle.api.totp('t', '000000');
    await idle.api.call('kyc', {});
    const ended = parts([
      ok({ token: 'tok', expiresAt: 1, me }),
      { status: 401, body: { code: 400, data: null, msg: 'Session invalid', key: 'sessionInvalid' } },
    ]);
    ended.api.onSignedOut((why) => reasons.push(why));
    await ended.api.totp('t', '000000');
    await ended.api.call('kyc', {});
    expect(reasons).toEqual(['idle', 'ended']);
  });

  it('a wrong password or code at sign-in is a message, not a lost session', async () => {
    const { api } = parts([{ status: 401, body: { code: 400, data: null, msg: 'Wrong name or password' } }]);
    let told = 0;
    api.onSignedOut(() => (told += 1));
    expect(await api.login('ann', 'nope')).toMatchObject({ ok: false, problem: 'message' });
    expect(told).toBe(0);
  });

  it('answers a 403 as forbidden and keeps the session', async () => {
    const { api, client } = parts([
      ok({ token: 'tok', expiresAt: 1, me }),
      { status: 403, body: { code: 400, data: null, msg: 'Forbidden' } },
    ]);
    await api.totp('t', '000000');
    expect(await api.call('operators', {})).toMatchObject({ ok: false, problem: 'forbidden' });
    expect(client.token()).toBe('tok');
  });

  it('reports a failed fetch or a server fault without JSON as network', async () => {
    const client = createOpsClient({
      origin: 'https://x.test',
      fetch: async () => {
        throw new TypeError('offline');
      },
    });
    expect(await client.call('queues', {})).toMatchObject({ ok: false, problem: 'network' });
    const { client: c2 } = parts([{ status: 502 }]);
    expect(await c2.call('queues', {})).toMatchObject({ ok: false, problem: 'network' });
  });
});
