import { sql } from 'kysely';
import type { Migration } from '../db';

/**
 * Coin-listing applications: what the applicant sent, and the operator's decision. The status moves
 * submitted → review → accepted or rejected (with a reason); `decided_by` names the operator.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const listingMigration: Migration = {
  name: '023-listing',
  legacy: true,
  async up(db) {
    await sql
      .raw(
        `create table listing_applications (
           id integer primary key,
           user_id integer not null references users (id),
           project text not null,
           symbol text not null,
           chain text not null,
           contract text not null,
           website text not null,
           contact text not null,
           description text not null,
           status text not null check (status in ('submitted', 'review', 'accepted', 'rejected')),
           reason text,
           decided_by text,
           created_at integer not null,
           updated_at integer not null,
           check ((status = 'rejected') = (reason is not null))
         )`,
      )
      .execute(db);
    await sql.raw('create index listing_applications_user on listing_applications (user_id, id)').execute(db);
    await sql
      .raw('create index listing_applications_status on listing_applications (status, id)')
      .execute(db);
  },
};
