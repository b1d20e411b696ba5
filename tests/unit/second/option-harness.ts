// An option service on an in-memory database with a clock the test sets by hand: the real schema,
// writer, ledger and trade tape, one user (id 1) holding 1000 USDT in its `second` account.
import { type PairInfo } from '../../../domain';
import type { SecondTerms } from '../../../domain/second-rules';
import { sql, statementsOf } from '../../../server/db';
import type { BalanceAuthority, Ledger } from '../../../server/ledger';
import { TradeTape } from '../../../server/market/trade-tape';
import { OptionService } from '../../../server/second/option-service';
import { grantFunds, insertUser, openTestLedger, type Db } from '../../support/db';

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

/** Terms with one 30 s duration paying 0.8, stakes of 10 to 1,000 USDT and room for 1,250 of them. */
export const TERMS_30S: SecondTerms = {
  coin: 'USDT',
  pairs: [SYMBOL],
  durations: [{ seconds: 30, payoutRate: '0.8', minStake: '10', maxStake: '1000', exposureCap: '100000' }],
  stakeDecimals: 2,
  staleMs: 60_000,
  demoGrant: '1',
};

/** A 100 USDT option on a rise over 30 s. */
export const UP_100 = { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' } as const;

/**
 * Runs `command` in one batch with a command that fails it as a whole (it throws without a
 * savepoint), as a failed flush or COMMIT would: both are refused. Returns their outcomes.
 */
export function inFailedBatch(
  db: Db,
  command: () => Promise<unknown>,
): Promise<PromiseSettledResult<unknown>[]> {
  return Promise.allSettled([
    command(),
    db.engine.writer.run(
      () => {
        throw new Error('fault');
      },
      { savepoint: false },
    ),
  ]);
}

const TEST_STATEMENTS = {
  // What the spot area stores for a trade, with the fields the options read.
  trade: sql<[id: number, symbol: string, priceTicks: number, ts: number]>(
    `insert into spot_trades (id, symbol, price_ticks, lots, quote_units, taker_side, maker_order_id,
       taker_order_id, maker_user_id, taker_user_id, maker_fee_units, taker_fee_units, ts)
     values (?, ?, ?, 1, 1, 'buy', 0, 0, 0, 0, 0, 0, ?)`,
  ),
};

/**
 * The trade tape on a test database. The tape is the market area's: until it moves onto the engine
 * (`await TradeTape.open(db.engine, pairs, now)`) it reads through the database's better-sqlite3
 * handle (the writer's connection).
 */
export async function tapeOn(db: Db, pairs: readonly PairInfo[], now: () => number): Promise<TradeTape> {
  return TradeTape.open(db.engine, pairs, now);
}

/** What the harness hands a test. */
export interface OptionHarness {
  db: Db;
  ledger: Ledger;
  /** User 1's `second` USDT account. */
  wallet: { userId: number; account: 'second'; coin: string };
  service: OptionService;
  /** The trade tape the service reads (before `wrapTape`). */
  tape: TradeTape;
  /** Stores trade `id` at `priceTicks` (0.01 USDT) and epoch ms `ts`, and hands it to the tape. */
  trade(id: number, priceTicks: number, ts: number): Promise<void>;
  /** Sets the clock, epoch ms. */
  setClock(t: number): void;
  /** The clock, epoch ms. */
  clock(): number;
}

/**
 * Builds the service on `terms`. `wrapTape` may stand a faulty tape in front of the real one (the
 * trades are still recorded on the real one). `trade(id, priceTicks, ts)` stores a trade (a writer
 * command, as the matching engine's) and hands it to the tape after the commit, as the matching
 * engine does; `setClock(ms)` sets what the service and the tape call now.
 */
export async function optionHarness(
  terms: SecondTerms,
  wrapTape: (tape: TradeTape) => TradeTape = (t) => t,
  authority: BalanceAuthority = 'database',
): Promise<OptionHarness> {
  const db = await openTestLedger(':memory:', authority);
  insertUser(db.sqlite, 1);
  const wallet = { userId: 1, account: 'second' as const, coin: 'USDT' };
  await grantFunds(db.ledger, db.engine.writer, 1, '1000', 'USDT', 'second');
  let clock = T0;
  const tape = await tapeOn(db, [PAIR], () => clock);
  const q = statementsOf(db.engine, TEST_STATEMENTS);
  const trade = async (id: number, priceTicks: number, ts: number) => {
    await db.engine.writer.run(() => q.trade.run(id, SYMBOL, priceTicks, ts));
    tape.record([{ id, symbol: SYMBOL, priceTicks, lots: 1, ts }]);
  };
  const service = new OptionService(db.engine, db.ledger, wrapTape(tape), terms, [SYMBOL], () => clock);
  return {
    db,
    ledger: db.ledger,
    wallet,
    service,
    tape,
    trade,
    setClock: (t: number) => void (clock = t),
    clock: () => clock,
  };
}

/** Rows of a query on the committed data (the engine's read connection), integers as numbers. */
export function query(db: Db, text: string, ...params: unknown[]): Promise<Array<Record<string, unknown>>> {
  const def = sql<unknown[], Record<string, unknown>>(text, (r) => r);
  return statementsOf(db.engine, { def }).def.all(...params);
}
