import { sql } from 'kysely';
import type { Migration } from '../db';

/**
 * The support chat: one conversation per user with the operators.
 *
 * - `kefu_messages`: `client_id` is the id the sending device chose; (user, sender, client_id) is
 *   unique, so a message resent after a reconnect is stored once. `delivered_at` and `read_at` are
 *   the receipts of the other side (ms since the epoch), null until then.
 * - `kefu_images`: chat images, small (compressed on the device), kept in the database.
 */
export const KEFU_DDL: readonly string[] = [
  `create table kefu_images (
     id text primary key,
     user_id integer not null references users (id),
     mime text not null check (mime in ('image/jpeg', 'image/png', 'image/webp')),
     data blob not null,
     created_at integer not null
   )`,
  `create table kefu_messages (
     id integer primary key,
     user_id integer not null references users (id),
     sender text not null check (sender in ('user', 'operator')),
     operator text,
     client_id text,
     kind text not null check (kind in ('text', 'image')),
     text text not null default '',
     image_id text references kefu_images (id),
     created_at integer not null,
     delivered_at integer,
     read_at integer,
     check ((kind = 'image') = (image_id is not null)),
     check ((sender = 'operator') = (operator is not null))
   )`,
  `create unique index kefu_messages_client on kefu_messages (user_id, sender, client_id)
     where client_id is not null`,
  `create index kefu_messages_user on kefu_messages (user_id, id)`,
];

/**
 * Migration that creates the support chat tables.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const kefuMigration: Migration = {
  name: '021-kefu',
  legacy: true,
  async up(db) {
    for (const stmt of KEFU_DDL) await sql.raw(stmt).execute(db);
  },
};
