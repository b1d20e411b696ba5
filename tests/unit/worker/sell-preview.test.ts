// The worker's quick-sell preview: the server's rule over the market feed's bids (one level at the
// tick), sent on every book change and every change of the amount.
import { describe, expect, it, vi } from 'vitest';
import type { BookView, LazyMarketFeed } from '../../../worker/market';
import type { WorkerContext } from '../../../worker/module';
import { sellModule, type SellPreview } from '../../../worker/sell';

function fakeMarket() {
  const listeners = new Map<number, (v: BookView) => unknown>();
  const unwatched: number[] = [];
  let next = 1;
  const market = {
    watchBook: async (_symbol: string, _options: unknown, listener: (v: BookView) => unknown) => {
      listeners.set(next, listener);
      return next++;
    },
    unwatch: (id: number) => void unwatched.push(id),
  } as unknown as LazyMarketFeed;
  const push = (bids: Array<[string, string]>, status: BookView['status'] = 'live') => {
    for (const l of listeners.values()) {
      l({
        symbol: 'BTC/USDT',
        status,
        seq: 1,
        step: '0.01',
        bids: bids.map(([price, qty]) => ({ price, qty, total: qty, depth: 1 })),
        asks: [],
        bestBid: bids[0]?.[0] ?? null,
        bestAsk: null,
      });
    }
  };
  return { market, push, unwatched };
}

describe('sell preview (worker)', () => {
  it('computes the quote rule over the bids as the book and the amount change', async () => {
    const { market, push, unwatched } = fakeMarket();
    const mod = sellModule({ market } as unknown as WorkerContext);
    const seen: SellPreview[] = [];
    const id = await mod.api.watchSellPreview(
      { symbol: 'BTC/USDT', tickSize: '0.01', takerFee: '0.001', qty: '0.02' },
      (p) => void seen.push(p),
    );
    push([
      ['60000.00', '0.01'],
      ['59900.00', '0.5'],
    ]);
    await vi.waitFor(() =>
      expect(seen.at(-1)?.math).toMatchObject({ received: '1197.80100000', avgPrice: '59950.00000000' }),
    );
    expect(seen.at(-1)!.live).toBe(true);

    await mod.api.setSellPreview(id, '1');
    expect(seen.at(-1)!.math).toMatchObject({ complete: false, filledQty: '0.51' });
    await mod.api.setSellPreview(id, '');
    expect(seen.at(-1)!.math).toBeNull();
    await mod.api.setSellPreview(id, '0.01');
    push([['59000.00', '1']], 'syncing');
    await vi.waitFor(() =>
      expect(seen.at(-1)).toMatchObject({ live: false, math: { received: '589.41000000' } }),
    );

    await mod.api.unwatchSellPreview(id);
    expect(unwatched).toEqual([id]);
  });
});
