// The spot tier's tables in memory, for unit tests of its stores and services without a server.
import SQLite from 'better-sqlite3';
import type { PairInfo } from '../../domain';
import type { Engine } from '../../server/db';
import { sqliteEngine } from '../../server/db/module';
import { LEDGER_DDL } from '../../server/ledger';
import { SPOT_DDL } from '../../server/trade/schema';

/** BTC/USDT: tick 0.01, lot 0.0001, at least 1 USDT a trade, fees 0.1 % maker and 0.2 % taker. */
export const BTC_USDT: PairInfo = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.0001',
  minNotional: '1',
  makerFee: '0.001',
  takerFee: '0.002',
  status: 'trading',
};

/**
 * An in-memory database with a bare `users` table holding `userIds`, the ledger's tables (unless
 * `ledger` is false) and the spot tables.
 */
export function spotDatabase(userIds: readonly number[] = [], { ledger = true } = {}): SQLite.Database {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table users (id integer primary key)');
  if (userIds.length > 0) {
    sqlite.exec(`insert into users (id) values ${userIds.map((id) => `(${Number(id)})`).join(', ')}`);
  }
  for (const stmt of [...(ledger ? LEDGER_DDL : []), ...SPOT_DDL]) sqlite.exec(stmt);
  return sqlite;
}

/** `spotDatabase` with the engine stores and services bind to (reads share the in-memory connection). */
export function spotEngine(userIds: readonly number[] = []): { sqlite: SQLite.Database; engine: Engine } {
  const sqlite = spotDatabase(userIds);
  return { sqlite, engine: sqliteEngine(sqlite) };
}
