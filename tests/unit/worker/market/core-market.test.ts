// The market feed as the UI reaches it: through the core (CoreApi), over the real socket client and
// API client, with a fake server.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channels, type Ticker } from '../../../../domain';
import { createCore, type Core } from '../../../../worker/core';
import type { BookView } from '../../../../worker/core-api';
import { FakeWebSocket, fakeFetch, json, type FakeReply, type Recorded } from '../fakes';
import { settle } from './book-harness';
import { SYMBOL, TrueBook } from './depth-stream';
import { clockTimers, manualFrames } from './feed-fakes';

const ORIGIN = 'http://market.test:8080';
let n = 0;
const cores: Core[] = [];

function core(reply: (req: Recorded) => FakeReply, dbName = `core-market-${++n}`) {
  const fetch = fakeFetch(reply);
  const frames = manualFrames();
  const timers = clockTimers();
  const c = createCore({
    fetch,
    WebSocket: FakeWebSocket,
    indexedDB,
    IDBKeyRange,
    dbName,
    timers,
    frameScheduler: frames,
    marketCacheWriteMs: 10,
  });
  cores.push(c);
  return { c, fetch, frames, timers, dbName };
}

const ok = (data: unknown) => json(200, { code: 200, data, msg: '' });
const push = (ch: string, data: unknown) => FakeWebSocket.last().receive({ ch, data });

beforeEach(() => FakeWebSocket.reset());
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});

describe('core: market data through CoreApi', () => {
  it('watchBook subscribes the depth channel, resyncs through market/depth, and unwatch unsubscribes', async () => {
    const truth = new TrueBook(21);
    const { c, fetch, frames } = core((req) =>
      req.url.includes('/api/market/depth') ? ok(truth.snapshotAt(truth.seq)) : json(500, {}),
    );
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    const views: BookView[] = [];
    const id = await c.watchBook(SYMBOL, { rows: 5, step: '0.01', side: 'both' }, (v) => views.push(v));
    const ws = FakeWebSocket.last();
    ws.open();
    expect(ws.messages()).toContainEqual({ op: 'sub', ch: channels.depth(SYMBOL) });
    push(channels.depth(SYMBOL), truth.snapshotAt(0));
    push(channels.depth(SYMBOL), truth.step());
    truth.step(); // lost
    push(channels.depth(SYMBOL), truth.step());
    for (let i = 0; i < 20 && views.at(-1)?.status !== 'live'; i++) {
      await settle();
      frames.frame();
    }
    expect(views.at(-1)).toMatchObject({ status: 'live', seq: 3 });
    const depthCalls = fetch.calls.filter((r) => r.url.includes('/api/market/depth'));
    expect(depthCalls).toHaveLength(1);
    expect(depthCalls[0]!.url).toContain('symbol=BTC%2FUSDT');
    await c.unwatch(id);
    expect(ws.messages()).toContainEqual({ op: 'unsub', ch: channels.depth(SYMBOL) });
  });

  it('cachedTickers returns what watchTickers saw, across a restart', async () => {
    const t: Ticker = {
      symbol: 'BTC/USDT',
      last: '60000.00',
      open: '59000.00',
      high: '61000.00',
      low: '58000.00',
      volume: '10.0000',
      quoteVolume: '600000.00',
      changePct: '1.69',
      ts: 1,
    };
    const first = core(() => ok([]));
    await first.c.init({ origin: ORIGIN, socketPath: '/ws' });
    await first.c.watchTickers(() => undefined);
    FakeWebSocket.last().open();
    push(channels.tickers, [t]);
    first.timers.run();
    await first.c.dispose();
    cores.length = 0;

    const again = core(() => json(500, {}), first.dbName);
    const cached = await again.c.cachedTickers();
    expect(cached.tickers).toEqual([t]);
    expect(cached.savedAt).toBe(first.timers.now());
  });
});
