/**
 * `uploads`: images users upload (bank deposit proofs, identity photos, fiat payment codes, evidence
 * and chat images). The bytes live in `DATA_DIR/uploads/<id>` (outside the served app); the id is
 * random so it cannot be guessed, and reads are checked against `user_id` anyway. Created by the
 * bank migration (`008-bank`, server/assets/bank/schema.ts), which shipped with it.
 */
export const UPLOADS_DDL: readonly string[] = [
  `create table uploads (
     id text primary key,
     user_id integer not null references users (id),
     mime text not null check (mime in ('image/jpeg', 'image/png', 'image/webp')),
     size integer not null check (size > 0),
     sha256 text not null,
     created_at integer not null
   )`,
  `create index uploads_user on uploads (user_id, created_at)`,
];
