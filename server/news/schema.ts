import { sql } from 'kysely';
import type { Migration } from '../db';

/**
 * News, notices and help articles, and their cover images.
 *
 * - `news_articles`: one row per article and language; `body` is Markdown of the safe subset
 *   (checked on publish). `pinned` notices show on home; `help` articles form the help centre.
 *   Withdrawn articles keep their row (`withdrawn_at`) so the audit trail still names them.
 * - `news_covers`: cover image bytes, small, kept in the database so they back up with it.
 */
export const NEWS_DDL: readonly string[] = [
  `create table news_covers (
     id text primary key,
     mime text not null check (mime in ('image/jpeg', 'image/png', 'image/webp')),
     data blob not null,
     created_at integer not null
   )`,
  `create table news_articles (
     id integer primary key,
     lang text not null,
     title text not null,
     body text not null,
     cover_id text references news_covers (id),
     pinned integer not null default 0 check (pinned in (0, 1)),
     help integer not null default 0 check (help in (0, 1)),
     published_at integer not null,
     updated_at integer not null,
     withdrawn_at integer,
     created_by text not null
   )`,
  `create index news_articles_lang on news_articles (lang, withdrawn_at, id)`,
];

/**
 * Migration that creates the news tables.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const newsMigration: Migration = {
  name: '020-news',
  legacy: true,
  async up(db) {
    for (const stmt of NEWS_DDL) await sql.raw(stmt).execute(db);
  },
};
