import { sql } from 'kysely';
import { ddlFor, type Ddl, type Migration } from '../db';

/**
 * The operators' side of the support inbox (step `105-kefu-console`, after the baseline, on both
 * engines):
 *
 * - `kefu_assignments`: at most one operator per conversation (a user), who took it and when
 *   (ms since the epoch); released by deleting the row. Who assigned and released is `ops_actions`.
 * - `kefu_canned`: canned replies per language (`domain/locale.ts` LANGS), written by support.
 * - `kefu_messages_unread`: the user messages no operator has read, so the inbox's unread filter and
 *   the queue count read only those.
 */
export const KEFU_CONSOLE_DDL = (d: Ddl): string[] => [
  `create table kefu_assignments (
     user_id ${d.int} primary key references users (id),
     operator text not null,
     assigned_at ${d.int} not null
   )`,
  `create table kefu_canned (
     id ${d.idNeverReused},
     lang text not null,
     title text not null,
     body text not null,
     updated_by text not null,
     updated_at ${d.int} not null
   )`,
  `create index kefu_canned_lang on kefu_canned (lang, id)`,
  `create index kefu_messages_unread on kefu_messages (user_id, id)
     where sender = 'user' and read_at is null`,
];

/** Step `105-kefu-console`. */
export const kefuConsoleMigration: Migration = {
  name: '105-kefu-console',
  async up(db, engine) {
    for (const stmt of KEFU_CONSOLE_DDL(ddlFor(engine))) await sql.raw(stmt).execute(db);
  },
};
