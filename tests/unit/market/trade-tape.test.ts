import type SQLite from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../server/db';
import { AppError } from '../../../server/http/app-error';
import { TradeTape, type TapeTrade } from '../../../server/market/trade-tape';
import { BTC_USDT as PAIR, spotEngine } from '../../support/spot';

let sqlite: SQLite.Database;
let engine: Engine;
let now = 0;

function insertTrade(id: number, priceTicks: number, ts: number, symbol = PAIR.symbol): void {
  sqlite
    .prepare(
      `insert into spot_trades (id, symbol, price_ticks, lots, quote_units, taker_side, maker_order_id,
        taker_order_id, maker_user_id, taker_user_id, maker_fee_units, taker_fee_units, ts)
       values (?, ?, ?, 1, 0, 'buy', 1, 2, 1, 2, 0, 0, ?)`,
    )
    .run(id, symbol, priceTicks, ts);
}

beforeEach(() => {
  ({ sqlite, engine } = spotEngine());
  now = 1_000_000;
});

describe('TradeTape', () => {
  it('starts from the last stored trade and prices it in the pair decimals', async () => {
    insertTrade(1, 6_400_012, 900_000);
    insertTrade(2, 6_400_150, 950_000);
    const tape = await TradeTape.open(engine, [PAIR], () => now);
    expect(tape.last(PAIR.symbol)).toEqual({
      id: 2,
      symbol: PAIR.symbol,
      priceTicks: 6_400_150,
      price: '64001.50',
      lots: 1,
      ts: 950_000,
    });
  });

  it('refuses a stale or missing price with noOptimalPrice', async () => {
    const tape = await TradeTape.open(engine, [PAIR], () => now);
    expect(() => tape.price(PAIR.symbol, 60_000)).toThrow(AppError);
    insertTrade(1, 100, now - 60_001);
    const stale = await TradeTape.open(engine, [PAIR], () => now);
    try {
      stale.price(PAIR.symbol, 60_000);
      expect.unreachable();
    } catch (err) {
      expect((err as AppError).key).toBe('noOptimalPrice');
    }
    expect(stale.price(PAIR.symbol, 60_001).id).toBe(1);
  });

  it('hands recorded trades to listeners per market in order and keeps the last', async () => {
    const tape = await TradeTape.open(
      engine,
      [PAIR, { ...PAIR, symbol: 'ETH/USDT', base: 'ETH' }],
      () => now,
    );
    const seen: [string, number[]][] = [];
    const errors: unknown[] = [];
    tape.onTrades(() => {
      throw new Error('listener broke');
    });
    tape.onTrades((symbol, trades: readonly TapeTrade[]) => seen.push([symbol, trades.map((t) => t.id)]));
    tape.record(
      [
        { id: 5, symbol: 'BTC/USDT', priceTicks: 10, lots: 1, ts: now },
        { id: 6, symbol: 'ETH/USDT', priceTicks: 20, lots: 1, ts: now },
        { id: 7, symbol: 'BTC/USDT', priceTicks: 30, lots: 1, ts: now },
      ],
      (err) => errors.push(err),
    );
    expect(seen).toEqual([
      ['BTC/USDT', [5, 7]],
      ['ETH/USDT', [6]],
    ]);
    expect(errors).toHaveLength(2);
    expect(tape.last('BTC/USDT')?.price).toBe('0.30');
  });

  it('reads stored trades after an id and the last one at or before an instant', async () => {
    insertTrade(1, 100, 1_000);
    insertTrade(2, 200, 2_000);
    insertTrade(3, 300, 2_000);
    insertTrade(4, 400, 3_000);
    insertTrade(5, 999, 2_500, 'ETH/USDT');
    const tape = await TradeTape.open(engine, [PAIR], () => now);
    expect((await tape.after(PAIR.symbol, 1)).map((t) => t.id)).toEqual([2, 3, 4]);
    expect((await tape.after(PAIR.symbol, 1, 2)).map((t) => t.id)).toEqual([2, 3]);
    expect((await tape.atOrBefore(PAIR.symbol, 2_000))?.id).toBe(3);
    expect((await tape.atOrBefore(PAIR.symbol, 2_999))?.id).toBe(3);
    expect(await tape.atOrBefore(PAIR.symbol, 999)).toBeUndefined();
    expect((await tape.byId(4))?.priceTicks).toBe(400);
    expect(await tape.byId(99)).toBeUndefined();
  });
});
