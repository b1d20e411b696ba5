// A settlement batch that fails changes nothing: no ledger line, no result, the options stay open
// with their house risk counted, and the next batch settles them exactly as if nothing had happened.
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toUnits, type PairInfo } from '../../../domain';
import type { SecondTerms } from '../../../domain/second-rules';
import { LEAN_INDEX_DDL } from '../../../server/db/migrations/010-lean-indexes';
import { LEDGER_DDL, Ledger, WORLD_USER_ID, ledgerViolations } from '../../../server/ledger';
import { TradeTape } from '../../../server/market/trade-tape';
import { OptionService } from '../../../server/second/option-service';
import { SECOND_DDL } from '../../../server/second/schema';
import { SECOND_SETTLEMENT_DDL } from '../../../server/second/settlement-schema';
import { SPOT_DDL } from '../../../server/trade/schema';

const SYMBOL = 'BTC/USDT';
const PAIR: PairInfo = {
  symbol: SYMBOL,
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.001',
  minNotional: '1',
  makerFee: '0.001',
  takerFee: '0.001',
  status: 'trading',
};
// Room for exactly two 100 USDT options at 0.8 (house risk 80 each).
const TERMS: SecondTerms = {
  coin: 'USDT',
  pairs: [SYMBOL],
  durations: [{ seconds: 30, payoutRate: '0.8', minStake: '10', maxStake: '1000', exposureCap: '160' }],
  stakeDecimals: 2,
  staleMs: 60_000,
  demoGrant: '1',
};
const T0 = 1_700_000_000_000;

function setup() {
  const sqlite = new SQLite(':memory:');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec('create table users (id integer primary key)');
  for (const stmt of [
    ...LEDGER_DDL,
    ...SPOT_DDL,
    ...LEAN_INDEX_DDL,
    ...SECOND_DDL,
    ...SECOND_SETTLEMENT_DDL,
  ]) {
    sqlite.exec(stmt);
  }
  sqlite.exec('insert into users (id) values (1)');
  const ledger = new Ledger(sqlite);
  const wallet = { userId: 1, account: 'second' as const, coin: 'USDT' };
  ledger.transfer(
    { kind: 'test.grant', refType: 'test', refId: '0', actor: 'test' },
    { userId: WORLD_USER_ID, account: 'second', coin: 'USDT' },
    wallet,
    toUnits('1000'),
  );
  let clock = T0;
  const tape = new TradeTape(sqlite, [PAIR], () => clock);
  const insert = sqlite.prepare(
    `insert into spot_trades (id, symbol, price_ticks, lots, quote_units, taker_side, maker_order_id,
       taker_order_id, maker_user_id, taker_user_id, maker_fee_units, taker_fee_units, ts)
     values (?, ?, ?, 1, 1, 'buy', 0, 0, 0, 0, 0, 0, ?)`,
  );
  const trade = (id: number, priceTicks: number, ts: number) => {
    insert.run(id, SYMBOL, priceTicks, ts);
    tape.record([{ id, symbol: SYMBOL, priceTicks, lots: 1, ts }]);
  };
  // A tape whose exit lookup for `failAt` fails, as a database fault would: halfway through a batch,
  // after the options before it were worked out.
  const faulty = { failAt: 0 };
  const flakyTape = Object.create(tape) as TradeTape;
  flakyTape.atOrBefore = (symbol, ts) => {
    if (ts === faulty.failAt) throw new Error('disk I/O error');
    return tape.atOrBefore(symbol, ts);
  };
  const service = new OptionService(sqlite, ledger, flakyTape, TERMS, [SYMBOL], () => clock);
  return {
    sqlite,
    ledger,
    wallet,
    service,
    trade,
    faulty,
    setClock: (t: number) => (clock = t),
  };
}

describe('a failed settlement batch', () => {
  it('leaves everything as it was, and the next batch settles the same options exactly once', () => {
    const { sqlite, ledger, wallet, service, trade, faulty, setClock } = setup();
    trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    const up = service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' });
    setClock(T0 + 20);
    const down = service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'down', stake: '100' });
    // The price rises before either expiry: up wins (180 back), down loses.
    trade(2, 6_400_100, T0 + 5_000);
    expect(ledger.balance(wallet)).toEqual({ available: toUnits('800'), frozen: toUnits('200') });

    faulty.failAt = down.expiresAt;
    expect(() => service.settleDue(T0 + 40_000)).toThrow(/disk I\/O/);
    const kinds = sqlite
      .prepare(
        `select count(*) as n from ledger_tx where kind in ('second.win', 'second.loss', 'second.refund')`,
      )
      .pluck();
    expect(kinds.get()).toBe(0);
    expect(sqlite.prepare('select count(*) from second_settlements').pluck().get()).toBe(0);
    expect(ledger.balance(wallet)).toEqual({ available: toUnits('800'), frozen: toUnits('200') });
    expect(service.nextExpiry()).toBe(up.expiresAt);
    // The two open options still use the whole exposure cap: a third is refused.
    expect(() => service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' })).toThrow(
      expect.objectContaining({ key: 'secondExposureCap' }),
    );

    faulty.failAt = 0;
    const settled = service.settleDue(T0 + 40_000);
    expect(settled.map((o) => [o.id, o.result])).toEqual([
      [up.id, 'won'],
      [down.id, 'lost'],
    ]);
    // Exactly the two options' money moved: nothing of the failed attempt came along.
    expect(ledger.balance(wallet)).toEqual({ available: toUnits('980'), frozen: 0n });
    expect(kinds.get()).toBe(2);
    expect(ledgerViolations(sqlite)).toEqual([]);
    // Their risk is released: the cap has room again.
    setClock(T0 + 41_000);
    trade(3, 6_400_100, T0 + 40_500);
    expect(service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' }).status).toBe(
      'open',
    );
  });

  it('keeps counting the house risk of options whose batch failed to write', () => {
    const { sqlite, ledger, wallet, service, trade, setClock } = setup();
    trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' });
    setClock(T0 + 20);
    const down = service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'down', stake: '100' });
    trade(2, 6_400_100, T0 + 5_000);
    // A settlement row already there for one option: the batch's write fails on it.
    sqlite
      .prepare(`insert into second_settlements values (?, 2, '64001.00', ?, 'lost', 0, ?, 0, 'expiry')`)
      .run(down.id, T0 + 5_000, T0 + 1);
    expect(() => service.settleDue(T0 + 40_000)).toThrow(/UNIQUE|PRIMARY/);
    expect(ledger.balance(wallet)).toEqual({ available: toUnits('800'), frozen: toUnits('200') });
    expect(() => service.place(1, { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' })).toThrow(
      expect.objectContaining({ key: 'secondExposureCap' }),
    );
  });
});
