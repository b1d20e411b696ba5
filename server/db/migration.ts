import type { Kysely } from 'kysely';

/** The database engines the server runs on: the embedded default and PostgreSQL (`DATABASE_URL`). */
export type EngineName = 'sqlite' | 'postgres';

/**
 * The step that creates every table as it is now, on either engine (one part per owning area). A
 * fresh database runs it instead of the legacy steps; a SQLite file the legacy steps built records it
 * without running it once they are all applied. New steps sort after it and run on both engines.
 */
export const BASELINE_STEP = '100-baseline';

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
   * deposit tables and the simulated chain's in `006-deposits`), or the baseline (one part per
   * owner, ordered so that foreign keys resolve), is carried as parts, each by its owner, and
   * applied as one step, parts in this order. Default 0.
   */
  part?: number;
  /**
   * A step of the SQLite upgrade path: it sorts before `BASELINE_STEP`, runs only on a SQLite
   * database that the legacy steps started (an exchange's file from before the baseline), and is
   * never run on a fresh database of either engine, which gets the baseline instead.
   */
  legacy?: true;
  /**
   * Applies the step. The schema grows across migrations, so a migration only sees an untyped
   * database; `engine` picks the engine's words for what differs (`ddlFor` in `ddl.ts`).
   */
  up(db: Kysely<unknown>, engine: EngineName): Promise<void>;
}
