import { sql } from 'kysely';
import type { Migration } from '../migration';

/**
 * Users, sessions, verification codes, password-flow tickets and the message outbox.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const accounts: Migration = {
  name: '001-accounts',
  legacy: true,
  async up(db) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('account', 'text', (c) => c.notNull().unique())
      .addColumn('account_kind', 'text', (c) => c.notNull().check(sql`account_kind in ('mobile', 'email')`))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('trade_password_hash', 'text')
      .addColumn('promo_code', 'text', (c) => c.notNull().unique())
      .addColumn('referrer_id', 'integer', (c) => c.references('users.id'))
      .addColumn('level', 'text', (c) =>
        c
          .notNull()
          .defaultTo('member')
          .check(sql`level in ('member', 'agent')`),
      )
      .addColumn('credit_score', 'integer', (c) => c.notNull().defaultTo(100))
      .addColumn('kyc', 'text', (c) =>
        c
          .notNull()
          .defaultTo('none')
          .check(sql`kyc in ('none', 'review', 'verified')`),
      )
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_referrer').on('users').column('referrer_id').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('revoked_at', 'integer')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('codes')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('scene', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('consumed_at', 'integer')
      .execute();
    await db.schema
      .createIndex('codes_account_scene')
      .on('codes')
      .columns(['account', 'scene', 'id'])
      .execute();

    await db.schema
      .createTable('tickets')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('used_at', 'integer')
      .execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('scene', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'id']).execute();
  },
};
