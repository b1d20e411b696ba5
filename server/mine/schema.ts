import { sql } from 'kysely';
import { ddlFor, type Migration } from '../db';

/**
 * Step `104-users-frozen`, after the baseline, on both engines: an operator's freeze of a user
 * (`users/freeze`). `frozen_at` (ms since the epoch) is null while the account is usable; the
 * reason is what the operator wrote, kept until the account is unfrozen. The journal of who froze
 * and unfroze is `ops_actions`.
 */
export const usersFrozenMigration: Migration = {
  name: '104-users-frozen',
  async up(db, engine) {
    const d = ddlFor(engine);
    await sql.raw(`alter table users add column frozen_at ${d.int}`).execute(db);
    await sql.raw(`alter table users add column freeze_reason text`).execute(db);
  },
};
