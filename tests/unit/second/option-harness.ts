// An option service on an in-memory database with a clock the test sets by hand: the real ledger,
// trade tape and schema, one user (id 1) holding 1000 USDT in its `second` account.
import SQLite from 'better-sqlite3';
import { toUnits, type PairInfo } from '../../../domain';
import type { SecondTerms } from '../../../domain/second-rules';
import { LEAN_INDEX_DDL } from '../../../server/db/migrations/010-lean-indexes';
import { LEDGER_DDL, Ledger, WORLD_USER_ID } from '../../../server/ledger';
import { TradeTape } from '../../../server/market/trade-tape';
import { OptionService } from '../../../server/second/option-service';
import { SECOND_DDL } from '../../../server/second/schema';
import { SECOND_SETTLEMENT_DDL } from '../../../server/second/settlement-schema';
import { SPOT_DDL } from '../../../server/trade/schema';

export const SYMBOL = 'BTC/USDT';
export const PAIR: PairInfo = {
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
/** The harness clock's start, epoch ms. */
export const T0 = 1_700_000_000_000;

/** What the harness hands a test. */
export interface OptionHarness {
  sqlite: SQLite.Database;
  ledger: Ledger;
  /** User 1's `second` USDT account. */
  wallet: { userId: number; account: 'second'; coin: string };
  service: OptionService;
  /** Stores trade `id` at `priceTicks` (0.01 USDT) and epoch ms `ts`, and hands it to the tape. */
  trade(id: number, priceTicks: number, ts: number): void;
  /** Sets the clock, epoch ms. */
  setClock(t: number): void;
}

/**
 * Builds the service on `terms`. `wrapTape` may stand a faulty tape in front of the real one (the
 * trades are still recorded on the real one). `trade(id, priceTicks, ts)` stores a trade and hands it
 * to the tape as the matching engine does; `setClock(ms)` sets what the service and the tape call now.
 */
export function optionHarness(
  terms: SecondTerms,
  wrapTape: (tape: TradeTape) => TradeTape = (t) => t,
): OptionHarness {
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
  const service = new OptionService(sqlite, ledger, wrapTape(tape), terms, [SYMBOL], () => clock);
  return {
    sqlite,
    ledger,
    wallet,
    service,
    trade,
    setClock: (t: number) => void (clock = t),
  };
}
