// Global set-up of the PostgreSQL integration project: one database migrated with every area's
// migrations, which each test server's database is copied from (CREATE DATABASE … TEMPLATE), so a
// server starts in the time of a file copy instead of running the whole schema (≈0.9 s) again.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { allMigrations, defaultModules } from '../../server/app';
import { migrateDatabase } from '../../server/db/migrate';
import { ensurePostgres, freshPostgres, type FreshPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database of a PostgreSQL run (empty string on SQLite runs). */
    pgTemplate: string;
  }
}

let template: FreshPostgres | undefined;

/** Creates and migrates the template and provides its name to the test files as `pgTemplate`. */
export async function setup(project: TestProject): Promise<void> {
  const why = await ensurePostgres();
  if (why) throw new Error(`TEST_ENGINE=postgres, but PostgreSQL is not available: ${why}`);
  template = await freshPostgres();
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: template.url, max: 1 }) }),
  });
  try {
    await migrateDatabase(db, allMigrations(defaultModules()), 'postgres');
  } finally {
    // A template may have no session open while it is copied.
    await db.destroy();
  }
  project.provide('pgTemplate', new URL(template.url).pathname.slice(1));
}

/** Drops the template. */
export async function teardown(): Promise<void> {
  await template?.drop();
}
