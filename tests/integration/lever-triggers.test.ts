// Every contract trigger (take-profit, stop-loss, liquidation) × side × direction of the price path,
// on real spot trades of our own book: which fire, by which rule (from the receipt) and at which
// trade, and which stay open. A trigger registered on the wrong side of the price fires on the first
// trade of the opposite path or at the wrong trade, so each row guards both directions (issue 30).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LeverOrder, SettlementRule } from '../../domain';
import { dataOf } from '../support/assets';
import {
  expectLedgerSound,
  lever,
  openOrder,
  spotPair,
  startLeverServer,
  trader,
  type LeverServer,
  type Trader,
} from '../support/lever';
import { replayClosed } from './lever-replay';

let s: LeverServer;
let trade: Awaited<ReturnType<typeof spotPair>>;
beforeAll(async () => {
  s = await startLeverServer();
  trade = await spotPair(s);
});
afterAll(() => s?.close());
afterEach(() => expectLedgerSound(s));

const OPEN = '64000.00';
/** Each path moves away from the open price in three trades. */
const PATHS = {
  up: ['64300.00', '64700.00', '65200.00'],
  down: ['63700.00', '63300.00', '62800.00'],
} as const;
type Direction = keyof typeof PATHS;

/** What a row expects on a path: the rule and the exit trade's price, or null (stays open). */
type Outcome = [SettlementRule, string] | null;

interface Case {
  trigger: 'tp' | 'sl' | 'liquidation';
  side: 'long' | 'short';
  /** Open fields (a liquidation case uses 100×: liquidation 0.8 % away from the open price). */
  open: Record<string, string | number>;
  tpsl?: { tp?: string; sl?: string };
  liquidationPrice: string;
  up: Outcome;
  down: Outcome;
}

// 10 hands of 0.001 BTC. At 10×, liquidation is 8 % away and no path reaches it.
const CASES: Case[] = [
  {
    trigger: 'tp',
    side: 'long',
    open: {},
    tpsl: { tp: '65000' },
    liquidationPrice: '58880.00',
    up: ['tp', '65200.00'],
    down: null,
  },
  {
    trigger: 'tp',
    side: 'short',
    open: { side: 'short' },
    tpsl: { tp: '63000' },
    liquidationPrice: '69120.00',
    up: null,
    down: ['tp', '62800.00'],
  },
  {
    trigger: 'sl',
    side: 'long',
    open: {},
    tpsl: { sl: '63000' },
    liquidationPrice: '58880.00',
    up: null,
    down: ['sl', '62800.00'],
  },
  {
    trigger: 'sl',
    side: 'short',
    open: { side: 'short' },
    tpsl: { sl: '65000' },
    liquidationPrice: '69120.00',
    up: ['sl', '65200.00'],
    down: null,
  },
  {
    trigger: 'liquidation',
    side: 'long',
    open: { multiple: 100 },
    liquidationPrice: '63488.00',
    up: null,
    down: ['liquidation', '63300.00'],
  },
  {
    trigger: 'liquidation',
    side: 'short',
    open: { side: 'short', multiple: 100 },
    liquidationPrice: '64512.00',
    up: ['liquidation', '64700.00'],
    down: null,
  },
];

const orderOf = async (u: Trader, id: number) => dataOf<LeverOrder>(await lever(s, u, 'lever/order', { id }));

/** An order's outcome as the rows state it: rule and exit price from the receipt, or null. */
function outcomeOf(o: LeverOrder): Outcome {
  if (o.status === 'trading') return null;
  const exit = o.receipt?.trades.find((t) => t.role === 'exit');
  return [o.receipt!.rule, exit?.price ?? '?'];
}

describe('contract triggers × side × direction of the price path', () => {
  it.each(['up', 'down'] as const)('path %s', async (direction: Direction) => {
    await trade('BTC/USDT', OPEN, '0.01');
    const u = await trader(s, '1000');
    const opened: Array<{ c: Case; id: number }> = [];
    for (const c of CASES) {
      const o = await openOrder(s, u, { side: c.side, ...c.open });
      expect(o.liquidationPrice, `${c.trigger} ${c.side}`).toBe(c.liquidationPrice);
      if (c.tpsl) dataOf(await lever(s, u, 'lever/tpsl', { id: o.id, tp: '', sl: '', ...c.tpsl }));
      opened.push({ c, id: o.id });
    }
    for (const price of PATHS[direction]) await trade('BTC/USDT', price, '0.01');
    const seen: string[] = [];
    const want: string[] = [];
    for (const { c, id } of opened) {
      const name = `${c.trigger} ${c.side} ${direction}`;
      seen.push(`${name}: ${JSON.stringify(outcomeOf(await orderOf(u, id)))}`);
      want.push(`${name}: ${JSON.stringify(c[direction])}`);
    }
    expect(seen).toEqual(want);
    // The rest close by hand; nothing stays open for the next path.
    if (want.some((w) => w.endsWith('null'))) dataOf(await lever(s, u, 'lever/closeAll', { scope: 'all' }));
    expect(dataOf<LeverOrder[]>(await lever(s, u, 'lever/positions'))).toEqual([]);
  });
});

describe('a short’s stop-loss', () => {
  it('does not fire on trades below the stop, and closes by sl on the first trade above it', async () => {
    await trade('BTC/USDT', OPEN, '0.01');
    const u = await trader(s, '1000');
    const o = await openOrder(s, u, { side: 'short' });
    dataOf(await lever(s, u, 'lever/tpsl', { id: o.id, sl: '65000' }));
    for (const price of ['63500.00', '64900.00', '64999.99']) {
      await trade('BTC/USDT', price, '0.01');
      expect((await orderOf(u, o.id)).status, `after ${price}`).toBe('trading');
    }
    await trade('BTC/USDT', '65000.01', '0.01');
    const done = await orderOf(u, o.id);
    expect(outcomeOf(done)).toEqual(['sl', '65000.01']);
    expect(done.closePrice).toBe('65000.01');
  });
});

describe('replay', () => {
  it('every position these paths closed recomputes from spot_trades and its receipt', async () => {
    expect(await replayClosed(s.dataDir)).toBe(13);
  });
});
