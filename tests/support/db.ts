import { allMigrations } from '../../server/app';
import { openDatabase, type Db } from '../../server/db/module';

export type { Db } from '../../server/db/module';

/**
 * Opens a database (`:memory:` by default) with every area's migrations applied, as the server
 * opens it: for unit tests that drive a store or service without the HTTP server.
 */
export function openTestDatabase(dataDir = ':memory:'): Promise<Db> {
  return openDatabase(dataDir, allMigrations());
}

/** The names of every schema step, in the order they apply (a step's parts share its name). */
export function stepNames(): string[] {
  return [...new Set(allMigrations().map((m) => m.name))].sort();
}

/** Every migration up to and including step `name`: what a database built before the next step had. */
export function migrationsUpTo(name: string) {
  return allMigrations().filter((m) => m.name <= name);
}
