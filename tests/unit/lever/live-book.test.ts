// Which side of the price each trigger of a position waits on: a take-profit beyond the open price
// in the position's favour, a stop-loss and the liquidation against it (issue 30, item 3: a short's
// stop-loss registered as a falling trigger fired on a fall).
import { describe, expect, it } from 'vitest';
import { LiveBook } from '../../../server/lever/live-book';
import type { LeverRow } from '../../../server/lever/store';

const SYMBOL = 'BTC/USDT';

/** A trading 10-hand position opened at 6 400 000 ticks (64000.00) with the given triggers. */
function position(id: number, side: 'long' | 'short', triggers: Partial<LeverRow>): LeverRow {
  return {
    id,
    userId: 1,
    symbol: SYMBOL,
    side,
    type: 'market',
    status: 'trading',
    multiple: 10,
    hands: 10,
    lot: '0.001',
    coin: 'USDT',
    limitTicks: null,
    openTicks: 6_400_000,
    openTradeId: 1,
    marginUnits: 6_400_000_000n,
    openFeeUnits: 32_000_000n,
    closeFeeUnits: 0n,
    overnightUnits: 0n,
    tpTicks: null,
    slTicks: null,
    liqTicks: null,
    closeTicks: null,
    closeTradeId: null,
    closeRule: null,
    pnlUnits: null,
    receipt: null,
    createdAt: 0,
    openedAt: 0,
    closedAt: null,
    updatedAt: 0,
    ...triggers,
  };
}

/** The triggers a trade at `ticks` fires (kind and order), draining them from the book. */
function fired(mem: LiveBook, ticks: number): string[] {
  const book = mem.book(SYMBOL)!;
  const out: string[] = [];
  for (let t = book.next(ticks, mem.isLive); t; t = book.next(ticks, mem.isLive))
    out.push(`${t.kind}#${t.orderId}`);
  return out;
}

describe('live book trigger sides', () => {
  const cases: Array<[string, LeverRow, number[], number]> = [
    // [name, position, trades that must fire nothing, trade that fires]
    ['short sl at 65000', position(1, 'short', { slTicks: 6_500_000 }), [6_300_000, 6_499_999], 6_500_100],
    ['long sl at 63000', position(2, 'long', { slTicks: 6_300_000 }), [6_500_000, 6_300_001], 6_299_900],
    ['short tp at 63000', position(3, 'short', { tpTicks: 6_300_000 }), [6_500_000, 6_300_001], 6_299_900],
    ['long tp at 65000', position(4, 'long', { tpTicks: 6_500_000 }), [6_300_000, 6_499_999], 6_500_100],
    [
      'short liquidation at 64512',
      position(5, 'short', { liqTicks: 6_451_200 }),
      [6_300_000, 6_451_199],
      6_451_200,
    ],
    [
      'long liquidation at 63488',
      position(6, 'long', { liqTicks: 6_348_800 }),
      [6_500_000, 6_348_801],
      6_348_800,
    ],
  ];
  it.each(cases)('%s: fires only on a trade reaching it from its side', (_name, row, quiet, hit) => {
    const mem = new LiveBook([SYMBOL]);
    mem.track(row);
    for (const ticks of quiet) expect(fired(mem, ticks), `trade at ${ticks}`).toEqual([]);
    const kind = row.tpTicks !== null ? 'tp' : row.slTicks !== null ? 'sl' : 'liquidation';
    expect(fired(mem, hit)).toEqual([`${kind}#${row.id}`]);
  });
});
