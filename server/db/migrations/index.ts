import { writerCommitsMigration } from '../commit-mark';
import type { Migration } from '../migration';
import { accounts } from './001-accounts';
import { leanIndexes } from './010-lean-indexes';
import { accountsBaseline } from './100-baseline-accounts';

/**
 * The database's own steps: the account tables the `Database` type describes (legacy `001-accounts`,
 * now the baseline's first part), the lean indexes that replaced the ledger's and the spot orders'
 * wide ones in one shipped legacy step, and the writer's commit mark (`108-writer-commits`). Every
 * other step is carried by the area that owns its tables (`ServerModule.migrations`); the
 * composition root (`server/app.ts`, `allMigrations`) collects them all.
 */
export const DB_MIGRATIONS: readonly Migration[] = [
  accounts,
  leanIndexes,
  accountsBaseline,
  writerCommitsMigration,
];
