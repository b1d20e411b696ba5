import { describe, expect, it } from 'vitest';
import { channels, type DepthSnapshot } from '../../../../domain';
import { createMarketFeed } from '../../../../worker/market/market-feed';
import type { BookView } from '../../../../worker/market/types';
import { settle } from './book-harness';
import { SYMBOL, TrueBook } from './depth-stream';
import { clockTimers, fakeMarketSocket, manualFrames } from './feed-fakes';

const CH = channels.depth(SYMBOL);

function setup(seed = 1) {
  const truth = new TrueBook(seed);
  const socket = fakeMarketSocket();
  const frames = manualFrames();
  const fetches: number[] = [];
  const feed = createMarketFeed({
    socket,
    scheduler: frames,
    timers: clockTimers(),
    fetchSnapshot: async (): Promise<DepthSnapshot> => {
      fetches.push(truth.seq);
      return truth.snapshotAt(truth.seq);
    },
  });
  const views: BookView[] = [];
  return { truth, socket, frames, fetches, feed, views, listen: (v: BookView) => views.push(v) };
}

describe('market feed: order books', () => {
  it('subscribes the depth channel and emits grouped, display-ready rows after a frame', () => {
    const t = setup();
    t.feed.watchBook(SYMBOL, { rows: 5, step: '0.01', side: 'both' }, t.listen);
    expect(t.socket.channels()).toEqual({ [CH]: 1 });
    t.socket.push(CH, t.truth.snapshotAt(0));
    expect(t.views).toEqual([]);
    t.frames.frame();
    expect(t.views).toHaveLength(1);
    const v = t.views[0]!;
    const { bids, asks } = t.truth.levels();
    expect(v).toMatchObject({ symbol: SYMBOL, status: 'live', seq: 0, step: '0.01' });
    expect(v.bids.map((r) => [r.price, r.qty])).toEqual(bids.slice(0, 5));
    expect(v.asks.map((r) => [r.price, r.qty])).toEqual(asks.slice(0, 5));
    expect(v.bestBid).toBe(bids[0]![0]);
    expect(v.bestAsk).toBe(asks[0]![0]);
    // Plain data only: what structuredClone (Comlink) keeps is all there is.
    expect(structuredClone(v)).toEqual(v);
  });

  it('coalesces a burst of diffs into one emission per frame, showing the latest book', () => {
    const t = setup(2);
    t.feed.watchBook(SYMBOL, { rows: 10, step: '0.01', side: 'both' }, t.listen);
    t.socket.push(CH, t.truth.snapshotAt(0));
    for (let i = 0; i < 40; i++) t.socket.push(CH, t.truth.step());
    t.frames.frame();
    expect(t.views).toHaveLength(1);
    expect(t.views[0]!.seq).toBe(40);
    expect(t.views[0]!.bids.map((r) => [r.price, r.qty])).toEqual(t.truth.levels().bids.slice(0, 10));
    t.frames.frame();
    expect(t.views).toHaveLength(1);
  });

  it('resyncs a gap through fetchSnapshot once, showing `syncing` meanwhile', async () => {
    const t = setup(3);
    t.feed.watchBook(SYMBOL, { rows: 5, step: '1', side: 'both' }, t.listen);
    t.socket.push(CH, t.truth.snapshotAt(0));
    t.socket.push(CH, t.truth.step());
    t.truth.step(); // lost
    t.socket.push(CH, t.truth.step());
    t.frames.frame();
    expect(t.views.at(-1)!.status).toBe('syncing');
    await settle();
    t.frames.frame();
    expect(t.fetches).toEqual([3]);
    expect(t.views.at(-1)).toMatchObject({ status: 'live', seq: 3 });
    expect(t.feed.orderBook(SYMBOL)!.checksum()).toBe(t.truth.snapshotAt(3).checksum);
  });

  it('shares one book and subscription between watchers with their own views; the last unwatch unsubscribes', () => {
    const t = setup(4);
    const other: BookView[] = [];
    const a = t.feed.watchBook(SYMBOL, { rows: 5, step: '0.01', side: 'buy' }, t.listen);
    t.socket.push(CH, t.truth.snapshotAt(0));
    const b = t.feed.watchBook(SYMBOL, { rows: 3, step: '1', side: 'sell' }, (v) => other.push(v));
    expect(t.socket.channels()).toEqual({ [CH]: 1 });
    t.frames.frame();
    expect(t.views.at(-1)!.asks).toEqual([]);
    expect(t.views.at(-1)!.bids).toHaveLength(5);
    expect(other.at(-1)!.bids).toEqual([]);
    expect(other.at(-1)!.asks.length).toBeLessThanOrEqual(3);
    t.feed.setBookView(a, { rows: 10, step: '0.1', side: 'both' });
    t.frames.frame();
    expect(t.views.at(-1)!.step).toBe('0.1');
    expect(t.views.at(-1)!.asks.length).toBeGreaterThan(0);
    t.feed.unwatch(a);
    expect(t.socket.channels()).toEqual({ [CH]: 1 });
    t.feed.unwatch(b);
    expect(t.socket.channels()).toEqual({});
    expect(t.feed.orderBook(SYMBOL)).toBeUndefined();
  });

  it('ignores other symbols and malformed messages on the channel', () => {
    const t = setup(5);
    t.feed.watchBook(SYMBOL, { rows: 5, step: '0.01', side: 'both' }, t.listen);
    t.socket.push(CH, { ...t.truth.snapshotAt(0), symbol: 'ETH/USDT' });
    t.socket.push(CH, { type: 'diff', seq: 'x' });
    t.socket.push(CH, null);
    t.frames.frame();
    expect(t.views).toEqual([]);
    expect(t.feed.orderBook(SYMBOL)!.status).toBe('empty');
  });

  it('rejects invalid view options before subscribing', () => {
    const t = setup();
    expect(() => t.feed.watchBook(SYMBOL, { rows: 0, step: '1', side: 'both' }, t.listen)).toThrow(
      RangeError,
    );
    expect(() => t.feed.watchBook('', { rows: 5, step: '1', side: 'both' }, t.listen)).toThrow(RangeError);
    expect(t.socket.channels()).toEqual({});
  });
});
