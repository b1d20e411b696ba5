import { sql } from 'kysely';
import type { Migration } from '../db';

/**
 * Live stream settings, append-only: the newest row is the one in force (a row with a null `url`
 * clears the stream). Times in ms since the epoch; `set_by` is the operator.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const zhiboMigration: Migration = {
  name: '022-zhibo',
  legacy: true,
  async up(db) {
    await sql
      .raw(
        `create table zhibo_streams (
           id integer primary key,
           title text not null default '',
           url text,
           starts_at integer,
           ends_at integer,
           set_by text not null,
           created_at integer not null,
           check (starts_at is null or ends_at is null or ends_at > starts_at)
         )`,
      )
      .execute(db);
  },
};
