import { baselinePart } from '../db';

/**
 * The news area's part of the baseline (legacy `020-news`): articles per language and their cover
 * images, whose bytes are kept in the row so they back up with the database.
 */
export const newsBaseline = baselinePart(200, (d) => [
  `create table news_covers (
     id text primary key,
     mime text not null check (mime in ('image/jpeg', 'image/png', 'image/webp')),
     data ${d.bytes} not null,
     created_at ${d.int} not null
   )`,
  `create table news_articles (
     id ${d.id},
     lang text not null,
     title text not null,
     body text not null,
     cover_id text references news_covers (id),
     pinned ${d.int} not null default 0 check (pinned in (0, 1)),
     help ${d.int} not null default 0 check (help in (0, 1)),
     published_at ${d.int} not null,
     updated_at ${d.int} not null,
     withdrawn_at ${d.int},
     created_by text not null
   )`,
  `create index news_articles_lang on news_articles (lang, withdrawn_at, id)`,
]);
