import type { Kysely } from 'kysely';

/** One schema step. `up` runs inside a transaction together with its bookkeeping row. */
export interface Migration {
  /** Unique and sortable, such as `001-accounts`; never renamed once shipped. */
  name: string;
  // The schema grows across migrations, so a migration only sees an untyped database.
  up(db: Kysely<unknown>): Promise<void>;
}
