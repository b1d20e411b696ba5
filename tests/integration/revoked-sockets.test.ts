import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateEvent, ServerMessage } from '../../domain';
import { callApi } from '../support/api';
import { loginByApi, registerUser, TEST_PASSWORD } from '../support/accounts';
import { readOutboxCode, startTestServer, type TestServer } from '../support/server';
import { dataOf, fund } from '../support/assets';
import { isSubbed, openSocket } from '../support/socket-watch';

/** A socket signed in with one token and subscribed to `private`, recording what it receives. */
interface Watch {
  messages: ServerMessage[];
  events(): PrivateEvent[];
  /** Resolves with the first message (past or future) matching `pred`; rejects after 6 s. */
  next(pred: (m: ServerMessage) => boolean): Promise<ServerMessage>;
  send(msg: object): void;
  close(): void;
}

async function watch(origin: string, token: string): Promise<Watch> {
  const ws = await openSocket(origin);
  ws.send({ op: 'auth', token });
  ws.send({ op: 'sub', ch: 'private' });
  ws.send({ op: 'sub', ch: 'tickers' });
  await ws.next(isSubbed('private'));
  return {
    messages: ws.messages,
    events: () =>
      ws.messages.flatMap((m) =>
        'ch' in m && m.ch === 'private' && 'data' in m ? [m.data as PrivateEvent] : [],
      ),
    next: (pred) => ws.next(pred),
    send: ws.send,
    close: ws.close,
  };
}

const isSessionInvalid = (m: ServerMessage) => 'op' in m && m.op === 'error' && m.msg === 'sessionInvalid';
const isPrivate = (m: ServerMessage) => 'ch' in m && m.ch === 'private' && 'data' in m;

/** A resting buy far below the market: one order event and one balance event for its owner. */
async function placeOrder(origin: string, token: string): Promise<void> {
  dataOf(
    await callApi(
      origin,
      'trade/place',
      { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '1000', qty: '0.01' },
      { token },
    ),
  );
}

/**
 * The revoked socket `stale` was told its session ended; then an order placed by a live session of
 * the same user reaches the control socket `live` and not `stale`.
 */
async function expectCutOff(origin: string, stale: Watch, live: Watch, liveToken: string): Promise<void> {
  await stale.next(isSessionInvalid);
  const before = stale.events().length;
  await placeOrder(origin, liveToken);
  await live.next((m) => isPrivate(m) && (m as { data: PrivateEvent }).data.type === 'balance');
  // Events to one user go out in one pass over the subscribers: the stale socket would have them by now.
  await new Promise((r) => setTimeout(r, 300));
  expect(stale.events().slice(before)).toEqual([]);
  // The socket itself lives on for public data.
  const tickersBefore = stale.messages.length;
  await stale.next((m) => stale.messages.indexOf(m) >= tickersBefore && 'ch' in m && m.ch === 'tickers');
}

describe('a revoked session loses its socket at once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  async function twoSessions() {
    const first = await registerUser(server.origin);
    await fund(server.dataDir, first.user.id, 'USDT', '1000');
    const second = await loginByApi(server.origin, first.user.account);
    return { account: first.user.account, t1: first.token, t2: second.token };
  }

  it('logout', async () => {
    const { t1, t2 } = await twoSessions();
    const stale = await watch(server.origin, t1);
    const live = await watch(server.origin, t2);
    dataOf(await callApi(server.origin, 'user/logout', {}, { token: t1 }));
    await expectCutOff(server.origin, stale, live, t2);
    // Subscribing again is refused: the socket has no identity any more.
    stale.send({ op: 'sub', ch: 'private' });
    expect(await stale.next((m) => 'op' in m && m.op === 'error' && m.ch === 'private')).toMatchObject({
      msg: 'auth required',
    });
    stale.close();
    live.close();
  });

  it('password change from another device', async () => {
    const { t1, t2 } = await twoSessions();
    const stale = await watch(server.origin, t1);
    const live = await watch(server.origin, t2);
    const { ticket } = dataOf<{ ticket: string }>(
      await callApi(server.origin, 'user/modifyPwd', { oldPassword: TEST_PASSWORD }, { token: t2 }),
    );
    dataOf(
      await callApi(
        server.origin,
        'user/modifyPwdNext',
        { ticket, password: 'Changed456', confirm: 'Changed456' },
        { token: t2 },
      ),
    );
    await expectCutOff(server.origin, stale, live, t2);
    stale.close();
    live.close();
  });

  it('password reset', async () => {
    const { account, t1 } = await twoSessions();
    const stale = await watch(server.origin, t1);
    await callApi(server.origin, 'sms/send', { account, scene: 'forget' });
    const code = await readOutboxCode(server.origin, account);
    const forget = await callApi(server.origin, 'user/forget', { account, code });
    expect(forget.body?.type).toBe('ok');
    const { ticket } = forget.body.message as { ticket: string };
    const next = await callApi(server.origin, 'user/forgetNext', {
      ticket,
      password: 'Reset7890',
      confirm: 'Reset7890',
    });
    expect(next.body?.type).toBe('ok');
    const fresh = await loginByApi(server.origin, account, 'Reset7890');
    const live = await watch(server.origin, fresh.token);
    await expectCutOff(server.origin, stale, live, fresh.token);
    stale.close();
    live.close();
  });
});

describe('an expired session loses its socket when it expires', () => {
  let server: TestServer;
  // Sessions of this server live 3 s.
  beforeAll(async () => {
    server = await startTestServer({ sessionTtlHours: 3 / 3600 });
  });
  afterAll(() => server?.close());

  it('expiry', async () => {
    const first = await registerUser(server.origin);
    await fund(server.dataDir, first.user.id, 'USDT', '1000');
    const stale = await watch(server.origin, first.token);
    const started = Date.now();
    await stale.next(isSessionInvalid);
    expect(Date.now() - started).toBeLessThan(4_500);
    const fresh = await loginByApi(server.origin, first.user.account);
    const live = await watch(server.origin, fresh.token);
    await expectCutOff(server.origin, stale, live, fresh.token);
    stale.close();
    live.close();
  });
});
