import { baselinePart } from '../../db';

/**
 * The uploads core's part of the baseline (legacy: created inside `008-bank`), before the areas
 * whose rows name an upload (bank deposits, identity photos, fiat images).
 */
export const uploadsBaseline = baselinePart(25, (d) => [
  `create table uploads (
     id text primary key,
     user_id ${d.int} not null references users (id),
     mime text not null check (mime in ('image/jpeg', 'image/png', 'image/webp')),
     size ${d.int} not null check (size > 0),
     sha256 text not null,
     created_at ${d.int} not null
   )`,
  `create index uploads_user on uploads (user_id, created_at)`,
]);
