import { describe, expect, it } from 'vitest';
import { TradesFeed } from '../../../server/market/data';

const pair = { symbol: 'XRP/USDT', tickSize: '0.0001', lotSize: '0.1' };

describe('TradesFeed', () => {
  it('publishes each trade as a TradeTick and keeps the latest in a ring, newest first', () => {
    const published: Array<[string, unknown]> = [];
    const feed = new TradesFeed({ pair, capacity: 3, publish: (ch, d) => published.push([ch, d]) });
    expect(feed.recent()).toEqual([]);
    for (let i = 1; i <= 5; i++) {
      feed.push({
        id: i,
        priceTicks: 5_200 + i,
        lots: i * 10,
        takerSide: i % 2 ? 'buy' : 'sell',
        ts: 1_000 * i,
      });
    }
    expect(published[0]).toEqual([
      'trades:XRP/USDT',
      { id: 1, symbol: 'XRP/USDT', price: '0.5201', qty: '1.0', side: 'buy', ts: 1_000 },
    ]);
    expect(published).toHaveLength(5);
    expect(feed.recent().map((t) => t.id)).toEqual([5, 4, 3]);
    expect(feed.recent(2).map((t) => t.id)).toEqual([5, 4]);
    expect(feed.recent(0)).toEqual([]);
    expect(feed.recent()[0]).toEqual({
      id: 5,
      symbol: 'XRP/USDT',
      price: '0.5205',
      qty: '5.0',
      side: 'buy',
      ts: 5_000,
    });
  });

  it('loads persisted trades without publishing', () => {
    const published: unknown[] = [];
    const feed = new TradesFeed({ pair, publish: (_c, d) => published.push(d) });
    feed.load([
      { id: 7, priceTicks: 1, lots: 1, takerSide: 'sell', ts: 1 },
      { id: 8, priceTicks: 2, lots: 1, takerSide: 'buy', ts: 2 },
    ]);
    expect(published).toEqual([]);
    expect(feed.recent().map((t) => t.id)).toEqual([8, 7]);
  });
});
