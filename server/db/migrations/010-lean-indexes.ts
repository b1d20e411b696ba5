import { sql } from 'kysely';
import type { Migration } from '../migration';

/**
 * Narrower indexes on the hottest tables, measured with `npm run bench -- orders`: every order,
 * trade and posting pays for each index it touches. Open orders are a small moving set, so their
 * index holds only them (a filled or cancelled order leaves it and never returns); journal readers
 * page one user's lines by id and filter account and coin on the way, so `(user_id, id)` serves them.
 */
export const LEAN_INDEX_DDL: readonly string[] = [
  'drop index journal_holder',
  'create index journal_user on journal (user_id, id)',
  'drop index spot_orders_open',
  `create index spot_orders_open on spot_orders (symbol, seq) where status = 'open'`,
  'drop index spot_orders_user',
  'create index spot_orders_user on spot_orders (user_id, id)',
];

/**
 * Migration that swaps the wide ledger and order indexes for the lean ones above.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const leanIndexes: Migration = {
  name: '010-lean-indexes',
  legacy: true,
  async up(db) {
    for (const stmt of LEAN_INDEX_DDL) await sql.raw(stmt).execute(db);
  },
};
