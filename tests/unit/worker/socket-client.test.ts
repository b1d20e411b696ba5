import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_CONNECT_TIMEOUT_MS } from '../../../domain';
import type { SocketState } from '../../../worker/core-api';
import { socketUrlFor } from '../../../worker/core';
import {
  SOCKET_PING_INTERVAL_MS,
  createSocketClient,
  reconnectDelay,
  type SocketClient,
} from '../../../worker/socket-client';
import { FakeWebSocket } from './fakes';

const URL = 'ws://exchange.test:8080/ws';
let client: SocketClient;
let states: SocketState[];

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  client = createSocketClient({ WebSocket: FakeWebSocket, url: () => URL });
  states = [];
  client.onState((s) => states.push(s));
});

afterEach(() => {
  client.close();
  vi.useRealTimers();
});

/** Subscribes to `ch` and opens the socket; returns the socket and the received data. */
function openWith(...channels: string[]) {
  const received: Array<[string, unknown]> = [];
  for (const ch of channels) client.subscribe(ch, (d) => received.push([ch, d]));
  const ws = FakeWebSocket.last();
  ws.open();
  return { ws, received };
}

describe('socket-client: lazy connect and state', () => {
  it('connects on the first subscribe, not before', () => {
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(client.state()).toBe('idle');
    client.subscribe('sys', () => undefined);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.last().url).toBe(URL);
    expect(client.state()).toBe('connecting');
    FakeWebSocket.last().open();
    expect(states).toEqual(['connecting', 'open']);
  });

  it('stays idle while the URL is unknown, and connects when asked once it is', () => {
    let url: string | null = null;
    const c = createSocketClient({ WebSocket: FakeWebSocket, url: () => url });
    c.subscribe('sys', () => undefined);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(c.state()).toBe('idle');
    url = URL;
    c.connect();
    expect(FakeWebSocket.instances).toHaveLength(1);
    c.close();
  });

  it('sends sub on open and routes channel data to its listeners only', () => {
    const { ws, received } = openWith('sys', 'ticker.BTC/USDT');
    expect(ws.messages()).toEqual([
      { op: 'sub', ch: 'sys' },
      { op: 'sub', ch: 'ticker.BTC/USDT' },
    ]);
    ws.receive({ ch: 'sys', data: { serverTime: 1 } });
    ws.receive({ ch: 'other', data: 1 });
    ws.receive({ op: 'pong' });
    ws.receive('not json');
    ws.receive({ ch: 'ticker.BTC/USDT', data: { last: '1.5' } });
    expect(received).toEqual([
      ['sys', { serverTime: 1 }],
      ['ticker.BTC/USDT', { last: '1.5' }],
    ]);
  });

  it('decodes binary frames', () => {
    const { ws, received } = openWith('sys');
    ws.onmessage?.({ data: new TextEncoder().encode('{"ch":"sys","data":2}') });
    expect(received).toEqual([['sys', 2]]);
  });

  it('survives a throwing listener and a rejecting (released Comlink proxy) listener', () => {
    const seen: unknown[] = [];
    client.subscribe('sys', () => {
      throw new Error('bug');
    });
    client.subscribe('sys', () => Promise.reject(new Error('released')));
    client.subscribe('sys', (d) => seen.push(d));
    FakeWebSocket.last().open();
    FakeWebSocket.last().receive({ ch: 'sys', data: 3 });
    expect(seen).toEqual([3]);
  });
});

describe('socket-client: ref-counted subscriptions', () => {
  it('two listeners on one channel send one sub; the last unsubscribe sends unsub', () => {
    const { ws } = openWith('sys');
    ws.sent = [];
    const seen: string[] = [];
    const a = client.subscribe('depth.BTC/USDT', () => seen.push('a'));
    const b = client.subscribe('depth.BTC/USDT', () => seen.push('b'));
    expect(ws.messages()).toEqual([{ op: 'sub', ch: 'depth.BTC/USDT' }]);
    ws.receive({ ch: 'depth.BTC/USDT', data: {} });
    expect(seen).toEqual(['a', 'b']);
    client.unsubscribe(a);
    expect(ws.messages()).toHaveLength(1);
    ws.receive({ ch: 'depth.BTC/USDT', data: {} });
    expect(seen).toEqual(['a', 'b', 'b']);
    client.unsubscribe(b);
    client.unsubscribe(b); // twice is harmless
    expect(ws.messages()).toEqual([
      { op: 'sub', ch: 'depth.BTC/USDT' },
      { op: 'unsub', ch: 'depth.BTC/USDT' },
    ]);
    expect(client.channels()).toEqual(['sys']);
  });

  it('subscribing while connecting sends the sub once on open', () => {
    client.subscribe('a', () => undefined);
    client.subscribe('a', () => undefined);
    client.subscribe('b', () => undefined);
    const ws = FakeWebSocket.last();
    ws.open();
    expect(ws.messages()).toEqual([
      { op: 'sub', ch: 'a' },
      { op: 'sub', ch: 'b' },
    ]);
  });
});

describe('socket-client: reconnect (spec §9: 1 s up to 5 s)', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 3000],
    [4, 4000],
    [5, 5000],
    [6, 5000],
    [50, 5000],
  ])('reconnectDelay(%i) = %i ms', (attempt, ms) => {
    expect(reconnectDelay(attempt)).toBe(ms);
  });

  it('waits 1, 2, 3, 4, 5, 5 s between failed attempts and resets after an open', async () => {
    openWith('sys');
    FakeWebSocket.last().serverClose();
    expect(client.state()).toBe('closed');
    for (const delay of [1000, 2000, 3000, 4000, 5000, 5000]) {
      const count = FakeWebSocket.instances.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeWebSocket.instances).toHaveLength(count);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeWebSocket.instances).toHaveLength(count + 1);
      expect(client.state()).toBe('connecting');
      FakeWebSocket.last().fail(); // refused: error then close
    }
    // A successful open resets the schedule.
    await vi.advanceTimersByTimeAsync(5000);
    FakeWebSocket.last().open();
    FakeWebSocket.last().serverClose();
    const count = FakeWebSocket.instances.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(count + 1);
  });

  it('retryNow connects at once when the network is back, and restarts the back-off', async () => {
    openWith('sys');
    FakeWebSocket.last().serverClose();
    await vi.advanceTimersByTimeAsync(1000);
    FakeWebSocket.last().fail();
    await vi.advanceTimersByTimeAsync(2000);
    FakeWebSocket.last().fail(); // now waiting 3 s
    const count = FakeWebSocket.instances.length;
    client.retryNow();
    expect(FakeWebSocket.instances).toHaveLength(count + 1);
    FakeWebSocket.last().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(count + 2);
    // With no retry pending it does nothing.
    FakeWebSocket.last().open();
    client.retryNow();
    expect(FakeWebSocket.instances).toHaveLength(count + 2);
  });

  it('resubscribes every channel and re-sends auth after a reconnect', async () => {
    client.setToken('tok-1');
    const { ws, received } = openWith('sys', 'orders');
    expect(ws.messages()).toEqual([
      { op: 'auth', token: 'tok-1' },
      { op: 'sub', ch: 'sys' },
      { op: 'sub', ch: 'orders' },
    ]);
    ws.serverClose();
    await vi.advanceTimersByTimeAsync(1000);
    const next = FakeWebSocket.last();
    expect(next).not.toBe(ws);
    next.open();
    expect(next.messages()).toEqual([
      { op: 'auth', token: 'tok-1' },
      { op: 'sub', ch: 'sys' },
      { op: 'sub', ch: 'orders' },
    ]);
    next.receive({ ch: 'sys', data: 'again' });
    expect(received).toEqual([['sys', 'again']]);
    // The old socket can no longer deliver.
    ws.receive({ ch: 'sys', data: 'stale' });
    expect(received).toHaveLength(1);
  });

  it('tells resync listeners once the server acknowledged a resubscription after a gap, not on first open', async () => {
    client.setToken('tok-1');
    let resyncs = 0;
    let other = 0;
    client.subscribe(
      'private',
      () => undefined,
      () => (resyncs += 1),
    );
    client.subscribe(
      'sys',
      () => undefined,
      () => (other += 1),
    );
    const ws = FakeWebSocket.last();
    ws.open();
    ws.receive({ op: 'subbed', ch: 'private' });
    expect(resyncs).toBe(0);
    ws.serverClose();
    await vi.advanceTimersByTimeAsync(1000);
    const next = FakeWebSocket.last();
    next.open();
    // Not before the server accepted the subscription: events before it would be missed.
    expect(resyncs).toBe(0);
    next.receive({ op: 'subbed', ch: 'private' });
    next.receive({ op: 'subbed', ch: 'private' });
    expect(resyncs).toBe(1);
    expect(other).toBe(0);
  });

  it('says when the server acknowledged a subscription, on this connection only', async () => {
    let done = 0;
    const id = client.subscribe('private', () => undefined);
    const ws = FakeWebSocket.last();
    ws.open();
    void client.whenSubscribed(id).then(() => (done += 1));
    await vi.advanceTimersByTimeAsync(0);
    // Registered and sent is not enough: an event the server sends before accepting it is lost.
    expect(done).toBe(0);
    ws.receive({ op: 'subbed', ch: 'private' });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(1);
    // Already acknowledged: at once.
    await client.whenSubscribed(id);
    // A new connection must acknowledge it again.
    ws.serverClose();
    void client.whenSubscribed(id).then(() => (done += 1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(1);
    FakeWebSocket.last().open();
    FakeWebSocket.last().receive({ op: 'subbed', ch: 'private' });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(2);
    // Gone or closed: nobody waits for ever.
    const other = client.subscribe('sys', () => undefined);
    const waiting = client.whenSubscribed(other);
    client.unsubscribe(other);
    await waiting;
    await client.whenSubscribed(12345);
  });

  it('resyncs a channel subscribed while the first connection failed', async () => {
    let resyncs = 0;
    client.subscribe(
      'private',
      () => undefined,
      () => (resyncs += 1),
    );
    FakeWebSocket.last().fail();
    await vi.advanceTimersByTimeAsync(1000);
    FakeWebSocket.last().open();
    FakeWebSocket.last().receive({ op: 'subbed', ch: 'private' });
    expect(resyncs).toBe(1);
  });

  it('drops the socket when the device goes offline and reconnects at once when it is back, with a resync', async () => {
    let resyncs = 0;
    client.subscribe(
      'private',
      () => undefined,
      () => (resyncs += 1),
    );
    const ws = FakeWebSocket.last();
    ws.open();
    client.dropNow();
    expect(client.state()).toBe('closed');
    // A frame the old socket held back is not delivered any more.
    const received: unknown[] = [];
    client.subscribe('sys', (d) => received.push(d));
    ws.receive({ ch: 'sys', data: 'late' });
    expect(received).toEqual([]);
    client.retryNow();
    const next = FakeWebSocket.last();
    expect(next).not.toBe(ws);
    next.open();
    next.receive({ op: 'subbed', ch: 'private' });
    expect(resyncs).toBe(1);
  });

  it('does not reconnect when nobody listens any more', async () => {
    const id = client.subscribe('sys', () => undefined);
    FakeWebSocket.last().open();
    client.unsubscribe(id);
    FakeWebSocket.last().serverClose();
    expect(client.state()).toBe('idle');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reports the states of a drop and recovery', async () => {
    openWith('sys');
    FakeWebSocket.last().serverClose();
    await vi.advanceTimersByTimeAsync(1000);
    FakeWebSocket.last().open();
    expect(states).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
  });

  it('treats a constructor that throws as a failed attempt', async () => {
    let throws = true;
    class Flaky extends FakeWebSocket {
      constructor(url: string) {
        if (throws) throw new SyntaxError('bad url');
        super(url);
      }
    }
    const c = createSocketClient({ WebSocket: Flaky, url: () => URL });
    c.subscribe('sys', () => undefined);
    expect(c.state()).toBe('closed');
    throws = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.state()).toBe('connecting');
    c.close();
  });
});

describe('socket-client: connect timeout (spec §9: 20 s)', () => {
  it('gives up on a socket that has not opened after 20 s and retries 1 s later', async () => {
    client.subscribe('sys', () => undefined);
    const ws = FakeWebSocket.last();
    await vi.advanceTimersByTimeAsync(SOCKET_CONNECT_TIMEOUT_MS - 1);
    expect(client.state()).toBe('connecting');
    expect(ws.closeCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(SOCKET_CONNECT_TIMEOUT_MS).toBe(20_000);
    expect(client.state()).toBe('closed');
    expect(ws.closeCalls).toBe(1);
    expect(ws.onopen).toBeNull(); // a late open of the abandoned socket is ignored
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('does not time out a socket that opened', async () => {
    openWith('sys');
    await vi.advanceTimersByTimeAsync(SOCKET_CONNECT_TIMEOUT_MS * 2);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('socket-client: ping and liveness', () => {
  it(`pings every ${SOCKET_PING_INTERVAL_MS} ms and reconnects when a ping goes unanswered`, async () => {
    const { ws } = openWith('sys');
    await vi.advanceTimersByTimeAsync(SOCKET_PING_INTERVAL_MS);
    expect(ws.messages().at(-1)).toMatchObject({ op: 'ping' });
    ws.receive({ op: 'pong' });
    await vi.advanceTimersByTimeAsync(SOCKET_PING_INTERVAL_MS);
    expect(ws.messages().filter((m) => (m as { op: string }).op === 'ping')).toHaveLength(2);
    expect(client.state()).toBe('open');
    // No answer to the second ping: the connection is considered dead at the next tick.
    await vi.advanceTimersByTimeAsync(SOCKET_PING_INTERVAL_MS);
    expect(client.state()).toBe('closed');
    expect(ws.closeCalls).toBe(1);
  });
});

describe('socket-client: token changes', () => {
  it('authenticates an open socket when a token arrives and reconnects to drop it on logout', async () => {
    const { ws } = openWith('sys');
    client.setToken('tok-2');
    expect(ws.messages().at(-1)).toEqual({ op: 'auth', token: 'tok-2' });
    client.setToken('tok-2'); // same token: nothing new
    expect(ws.messages()).toHaveLength(2);
    client.setToken(null);
    expect(ws.closeCalls).toBe(1);
    const next = FakeWebSocket.last();
    expect(next).not.toBe(ws);
    next.open();
    expect(next.messages()).toEqual([{ op: 'sub', ch: 'sys' }]);
  });
});

describe('socket URL: default ports omitted (spec §9)', () => {
  it.each([
    ['http://exchange.test', '/ws', 'ws://exchange.test/ws'],
    ['http://exchange.test:80', '/ws', 'ws://exchange.test/ws'],
    ['https://exchange.test:443', '/ws', 'wss://exchange.test/ws'],
    ['https://exchange.test', '/ws', 'wss://exchange.test/ws'],
    ['http://127.0.0.1:8080', '/ws', 'ws://127.0.0.1:8080/ws'],
    ['https://exchange.test:8443', '/h5/ws', 'wss://exchange.test:8443/h5/ws'],
    ['not a url', '/ws', null],
  ])('%s + %s → %s', (origin, path, url) => {
    expect(socketUrlFor(origin, path)).toBe(url);
  });
});

describe('socket-client: server errors', () => {
  it('reports the msg of each {op:"error"} and routes nothing', () => {
    const errors: string[] = [];
    const c = createSocketClient({
      WebSocket: FakeWebSocket,
      url: () => URL,
      onServerError: (m) => errors.push(m),
    });
    const got: unknown[] = [];
    c.subscribe('private', (d) => got.push(d));
    const ws = FakeWebSocket.last();
    ws.open();
    ws.receive({ op: 'error', msg: 'sessionInvalid' });
    ws.receive({ op: 'error' });
    expect(errors).toEqual(['sessionInvalid']);
    expect(got).toEqual([]);
    c.close();
  });
});
