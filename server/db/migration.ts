import type { Kysely } from 'kysely';

/**
 * One schema step, carried by the area that owns its tables (`ServerModule.migrations`, or the
 * composition root for the infrastructure's). `up` runs inside a transaction together with its
 * bookkeeping row.
 */
export interface Migration {
  /** Unique and sortable, such as `001-accounts`; never renamed once shipped. */
  name: string;
  /**
   * Order among steps that share a name: a step shipped as one that now spans two owners (the
   * deposit tables and the simulated chain's in `006-deposits`) is carried as parts, each by its
   * owner, and applied as one step, parts in this order. Default 0.
   */
  part?: number;
  // The schema grows across migrations, so a migration only sees an untyped database.
  up(db: Kysely<unknown>): Promise<void>;
}
