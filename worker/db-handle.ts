import type { CoreDb } from './store';

/**
 * Access to the cache database. Reading never opens it on a first visit (there is nothing to read
 * yet, and opening it would put IndexedDB code into the first load); writing does.
 */
export interface DbHandle {
  /** The database when it is (or may be) open, or null when it has not been created yet. */
  read(): Promise<CoreDb | null>;
  /** The database, opened if needed. */
  write(): Promise<CoreDb>;
}

/** A handle over a database that is always there (tests, hosts that open it themselves). */
export function fixedDb(db: CoreDb): DbHandle {
  return { read: async () => db, write: async () => db };
}
