// The lever engine on an in-memory database with a clock the test sets by hand: the real schema,
// writer, ledger, catalog and trade tape, users 1 to `users` each holding `funds` USDT in their
// `lever` account; trades are stored and handed to the tape as the spot area does.
import type { PairInfo } from '../../../domain';
import { sql, statementsOf } from '../../../server/db';
import type { BalanceAuthority, Ledger } from '../../../server/ledger';
import { LeverService } from '../../../server/lever/service';
import type { LeverRow } from '../../../server/lever/store';
import { DEFAULT_CATALOG, type Catalog } from '../../../server/market/catalog';
import { TradeTape } from '../../../server/market/trade-tape';
import { grantFunds, insertUser, openTestLedger, type Db } from '../../support/db';

export const SYMBOL = 'BTC/USDT';
/** The harness clock's start, epoch ms. */
export const T0 = 1_700_000_000_000;

/** Rows of a query on the committed data (the engine's read connection), integers as numbers. */
export function query(db: Db, text: string, ...params: unknown[]): Promise<Array<Record<string, unknown>>> {
  const def = sql<unknown[], Record<string, unknown>>(text, (r) => r);
  return statementsOf(db.engine, { def }).def.all(...params);
}

const TEST_STATEMENTS = {
  // What the spot area stores for a trade, with the fields the lever engine reads.
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
export interface LeverHarness {
  db: Db;
  ledger: Ledger;
  catalog: Catalog;
  tape: TradeTape;
  service: LeverService;
  clock: { now: number };
  /** Stores trades `[id, priceTicks]` of `symbol` at the clock (one command), without the tape. */
  store(trades: Array<[id: number, priceTicks: number]>, symbol?: string): Promise<void>;
  /** Stores trades and hands them to the tape as one spot batch; resolves once their sweep settled. */
  trade(trades: Array<[id: number, priceTicks: number]>, symbol?: string): Promise<void>;
  /** The same engine started again on this database (load and catch-up), as after a restart. */
  restart(): Promise<LeverService>;
}

/** Builds the engine; `catalog` overrides the default catalog's lever section. */
export async function leverHarness(
  options: {
    users?: number;
    funds?: string;
    lever?: Partial<Catalog['lever']>;
    authority?: BalanceAuthority;
  } = {},
): Promise<LeverHarness> {
  const db = await openTestLedger(':memory:', options.authority ?? 'database');
  for (let id = 1; id <= (options.users ?? 2); id++) {
    insertUser(db.sqlite, id);
    await grantFunds(db.ledger, db.engine.writer, id, options.funds ?? '100000', 'USDT', 'lever');
  }
  const catalog: Catalog = { ...DEFAULT_CATALOG, lever: { ...DEFAULT_CATALOG.lever, ...options.lever } };
  const clock = { now: T0 };
  const tape = await tapeOn(db, catalog.pairs, () => clock.now);
  const q = statementsOf(db.engine, TEST_STATEMENTS);
  const start = async () => {
    const service = new LeverService(db.engine, db.ledger, catalog, tape, () => clock.now);
    await service.load();
    await service.catchUp();
    return service;
  };
  const service = await start();
  let listening = service;
  tape.onTrades((symbol, trades) => {
    // The tests await the sweeps through `idle`; a failure is the test's to see there.
    listening.onTrades(symbol, trades).catch(() => {});
  });
  const store = async (trades: Array<[number, number]>, symbol = SYMBOL) => {
    await db.engine.writer.run(async () => {
      for (const [id, ticks] of trades) await q.trade.run(id, symbol, ticks, clock.now);
    });
  };
  return {
    db,
    ledger: db.ledger,
    catalog,
    tape,
    service,
    clock,
    store,
    async trade(trades, symbol = SYMBOL) {
      await store(trades, symbol);
      tape.record(trades.map(([id, priceTicks]) => ({ id, symbol, priceTicks, lots: 1, ts: clock.now })));
      await listening.idle();
    },
    async restart() {
      listening = await start();
      return listening;
    },
  };
}

/**
 * A lever order row: by default user 1's long of 10 hands of 0.01 BTC opened at 64 000.00, margin
 * 64, open fee 0.64.
 */
export function leverRow(over: Partial<LeverRow> = {}): LeverRow {
  return {
    id: 42,
    userId: 1,
    symbol: 'BTC/USDT',
    side: 'long',
    type: 'market',
    status: 'trading',
    multiple: 100,
    hands: 10,
    lot: '0.01',
    coin: 'USDT',
    limitTicks: null,
    openTicks: 6_400_000,
    openTradeId: 1,
    marginUnits: 6_400_000_000n,
    openFeeUnits: 64_000_000n,
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
    createdAt: 1,
    openedAt: 1,
    closedAt: null,
    updatedAt: 1,
    ...over,
  };
}
