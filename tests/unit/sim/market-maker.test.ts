import type SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toUnits, type PairInfo } from '../../../domain';
import type { Engine } from '../../../server/db';
import { Ledger, WORLD_USER_ID, ledgerViolations } from '../../../server/ledger';
import { MarketMakerSim } from '../../../server/sim/market-maker';
import { OrderService } from '../../../server/trade/order-service';
import { spotEngine } from '../../support/spot';

const PAIR: PairInfo = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.001',
  status: 'trading',
};
const MAKER = 1;
const TAKER = 2;
const SWEEPER = 3;

let sqlite: SQLite.Database;
let engine: Engine;
let svc: OrderService;

const fund = (ledger: Ledger, userId: number, coin: string, amount: string) =>
  engine.writer.run(() =>
    ledger.transfer(
      { kind: 'test.grant', refType: 'test', refId: '0', actor: 'test' },
      { userId: WORLD_USER_ID, account: 'spot', coin },
      { userId, account: 'spot', coin },
      toUnits(amount),
    ),
  );
const depth = () => svc.engine(PAIR.symbol)!.snapshot();

beforeEach(async () => {
  ({ sqlite, engine } = spotEngine([1, 2, 3]));
  const ledger = await Ledger.open(engine, 'database');
  svc = await OrderService.open(engine, ledger, [PAIR]);
  await fund(ledger, MAKER, 'USDT', '10000000');
  await fund(ledger, MAKER, 'BTC', '100');
  await fund(ledger, SWEEPER, 'BTC', '100');
});

afterEach(async () => {
  await svc.close();
  expect(await ledgerViolations(engine)).toEqual([]);
  await engine.close();
  sqlite.close();
});

/** A simulator whose reference never moves and whose taker never trades: only quoting is left. */
const still = () =>
  new MarketMakerSim(svc, {
    makerUserId: MAKER,
    takerUserId: TAKER,
    startPrices: { [PAIR.symbol]: '60000' },
    volatility: 0,
    takeChance: 0,
    seed: 7,
  });

describe('MarketMakerSim', () => {
  it('fill quotes the full ladder on both sides at once', async () => {
    const sim = still();
    await sim.fill();
    expect([depth().bids.length, depth().asks.length]).toEqual([sim.depth, sim.depth]);
  });

  it('requotes levels whose quotes were filled on the next step (a market sell sweeping every bid)', async () => {
    const sim = still();
    await sim.fill();
    await svc.place(SWEEPER, { symbol: PAIR.symbol, side: 'sell', type: 'market', qty: '50' });
    expect(depth().bids).toEqual([]);
    await sim.step();
    expect(depth().bids.length).toBe(sim.depth);
    expect(depth().asks.length).toBe(sim.depth);
  });
});
