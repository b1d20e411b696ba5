// Which contract triggers fire on which price path, for each trigger (limit entry, take-profit,
// stop-loss, liquidation) × side (long, short) × direction, through the lever engine's memory
// (server/lever/live-book.ts): the house exposure it keeps, and stale triggers after a change.
// Written for mutation testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import { LiveBook } from '../../../server/lever/live-book';
import type { LeverRow } from '../../../server/lever/store';
import { leverRow } from './lever-harness';

const SYM = 'BTC/USDT';

/** User 7's long of 3 hands opened at 10.00 (ticks of 0.01), margin 1 unit: the harness's row. */
const row = (over: Partial<LeverRow>): LeverRow =>
  leverRow({
    id: 1,
    userId: 7,
    symbol: SYM,
    hands: 3,
    multiple: 10,
    openTicks: 1000,
    marginUnits: 1n,
    openFeeUnits: 0n,
    createdAt: 0,
    openedAt: 0,
    updatedAt: 0,
    ...over,
  });

/** What a trade at each price of `path` fires, as `kind#order`, in firing order. */
function fired(live: LiveBook, path: number[], symbol = SYM): string[][] {
  const book = live.book(symbol)!;
  return path.map((p) => {
    const out: string[] = [];
    for (let t = book.next(p, live.isLive); t; t = book.next(p, live.isLive))
      out.push(`${t.kind}#${t.orderId}`);
    return out;
  });
}

describe('contract triggers by side and direction', () => {
  it('a long: take-profit on a rise, stop-loss and liquidation on a fall', () => {
    const rising = new LiveBook([SYM]);
    rising.track(row({ tpTicks: 1100, slTicks: 900, liqTicks: 800 }));
    expect(fired(rising, [1099, 901, 1100])).toEqual([[], [], ['tp#1']]);

    const falling = new LiveBook([SYM]);
    falling.track(row({ tpTicks: 1100, slTicks: 900, liqTicks: 800 }));
    expect(fired(falling, [901, 900, 800])).toEqual([[], ['sl#1'], ['liquidation#1']]);
  });

  it('a short: take-profit on a fall, stop-loss and liquidation on a rise', () => {
    const rising = new LiveBook([SYM]);
    rising.track(row({ side: 'short', tpTicks: 900, slTicks: 1100, liqTicks: 1200 }));
    // A trade below the stop does not close the short; one at it does, by `sl`.
    expect(fired(rising, [1099, 1100, 1199, 1200])).toEqual([[], ['sl#1'], [], ['liquidation#1']]);

    const falling = new LiveBook([SYM]);
    falling.track(row({ side: 'short', tpTicks: 900, slTicks: 1100, liqTicks: 1200 }));
    expect(fired(falling, [901, 900])).toEqual([[], ['tp#1']]);
  });

  it('a limit entry: a long opens when the price falls to its limit, a short when it rises to it', () => {
    const live = new LiveBook([SYM]);
    live.track(row({ id: 1, status: 'entrusting', type: 'limit', limitTicks: 950, openTicks: null }));
    live.track(row({ id: 2, side: 'short', status: 'entrusting', type: 'limit', limitTicks: 1050 }));
    expect(fired(live, [1049, 951, 1050, 950])).toEqual([[], [], ['entry#2'], ['entry#1']]);
  });

  it('an entrusting order registers no exit trigger, and an entry trigger never fires a trading row', () => {
    const live = new LiveBook([SYM]);
    const r = row({ status: 'entrusting', type: 'limit', limitTicks: 950, tpTicks: 1100, slTicks: 900 });
    live.track(r);
    expect(live.book(SYM)!.size).toBe(1);
    // The row opened (in memory only: the entry trigger is now stale for it).
    r.status = 'trading';
    expect(fired(live, [950])).toEqual([[]]);
  });

  it('a changed trigger replaces the old one, which no longer fires', () => {
    const live = new LiveBook([SYM]);
    live.track(row({ tpTicks: 1100 }));
    live.track(row({ tpTicks: 1200 }));
    expect(fired(live, [1150, 1200])).toEqual([[], ['tp#1']]);
  });

  it('a closed or cancelled order leaves memory and its triggers stop firing', () => {
    for (const status of ['closed', 'cancelled', 'closing'] as const) {
      const live = new LiveBook([SYM]);
      live.track(row({ slTicks: 900 }));
      live.track(row({ slTicks: 900, status }));
      expect(live.live.size).toBe(0);
      expect(fired(live, [900])).toEqual([[]]);
      // Tracked again later (a restart's rebuild) it is a new first version.
      live.track(row({ slTicks: 900 }));
      expect(fired(live, [900])).toEqual([['sl#1']]);
    }
  });
});

describe('house exposure', () => {
  it('long hands minus short hands of live orders, per pair, updated on change and close', () => {
    const live = new LiveBook([SYM, 'ETH/USDT']);
    expect(live.exposure(SYM)).toBe(0);
    live.track(row({ id: 1, hands: 3 }));
    live.track(row({ id: 2, side: 'short', hands: 5 }));
    live.track(row({ id: 3, symbol: 'ETH/USDT', hands: 4, status: 'entrusting', limitTicks: 10 }));
    expect(live.exposure(SYM)).toBe(-2);
    expect(live.exposure('ETH/USDT')).toBe(4);
    live.track(row({ id: 1, hands: 7 }));
    expect(live.exposure(SYM)).toBe(2);
    live.track(row({ id: 2, side: 'short', hands: 5, status: 'closed' }));
    expect(live.exposure(SYM)).toBe(7);
    expect([...live.live.keys()].sort()).toEqual([1, 3]);
    expect(live.exposure('DOGE/USDT')).toBe(0);
    expect(live.book('DOGE/USDT')).toBeUndefined();
  });

  it('reset forgets orders, exposure and triggers', () => {
    const live = new LiveBook([SYM]);
    live.track(row({ slTicks: 900 }));
    live.reset();
    expect(live.live.size).toBe(0);
    expect(live.exposure(SYM)).toBe(0);
    expect(live.book(SYM)!.size).toBe(0);
  });
});

describe('stale triggers', () => {
  it('are compacted once they outnumber the live ones by the margin', () => {
    const live = new LiveBook([SYM]);
    // Three triggers per change of one position: compacted when the book passes 6 × 1 + 1024 = 1030,
    // on the 344th change (1032), leaving that change’s 3; 256 more changes make 771.
    for (let i = 0; i < 343; i++) live.track(row({ tpTicks: 1100, slTicks: 900, liqTicks: 800 }));
    expect(live.book(SYM)!.size).toBe(1029);
    live.track(row({ tpTicks: 1100, slTicks: 900, liqTicks: 800 }));
    expect(live.book(SYM)!.size).toBe(3);
    for (let i = 0; i < 256; i++) live.track(row({ tpTicks: 1100, slTicks: 900, liqTicks: 800 }));
    expect(live.book(SYM)!.size).toBe(771);
    // The stale copies are dropped as they surface: one take-profit fires, once.
    expect(fired(live, [1100, 1100])).toEqual([['tp#1'], []]);
  });

  it('compacts only past exactly 6 × live orders + 1024', () => {
    const live = new LiveBook([SYM]);
    live.track(row({ id: 2, tpTicks: 1100, slTicks: 900 }));
    // Two live orders: the limit is 1036. Two triggers per change: 2 + 2 × 517 = 1036 stays.
    for (let i = 0; i < 517; i++) live.track(row({ tpTicks: 1100, slTicks: 900 }));
    expect(live.book(SYM)!.size).toBe(1036);
    live.track(row({ tpTicks: 1100, slTicks: 900 }));
    expect(live.book(SYM)!.size).toBe(4);
  });

  it('a trigger of an order no longer live is dropped when it surfaces', () => {
    const live = new LiveBook([SYM]);
    const t = { ticks: 1, orderId: 99, kind: 'sl' as const, version: 1, seq: 0 };
    expect(live.isLive(t)).toBe(false);
    live.track(row({ id: 99, slTicks: 900 }));
    expect(live.isLive(t)).toBe(true);
    expect(live.isLive({ ...t, version: 2 })).toBe(false);
    expect(live.isLive({ ...t, kind: 'entry' })).toBe(false);
  });
});
