import { sql } from 'kysely';
import { depositsMigration, bankMigration, assetsMigration, withdrawalsMigration } from '../../assets';
import { ledgerMigration } from '../../ledger';
import { legalMigration } from '../../legal';
import { leverMigration, leverOvernightDaysMigration } from '../../lever';
import { candlesMigration } from '../../market';
import { spotMigration } from '../../trade';
import { opsMigration } from '../../ops';
import { secondMigration, secondSettlementMigration } from '../../second';
import { newsMigration } from '../../news';
import { kefuMigration } from '../../kefu';
import { zhiboMigration } from '../../zhibo';
import { listingMigration } from '../../listing';
import { identityMigration } from '../../identity';
import { SIM_CHAIN_DDL } from '../../sim';
import type { Migration } from '../migration';
import { accounts } from './001-accounts';
import { leanIndexes } from './010-lean-indexes';

/**
 * `006-deposits` as shipped: the deposit tables (assets), then the simulated chain's tables (sim),
 * in one step and in that order, so every database built by it is the same as before the split.
 */
const deposits: Migration = {
  name: depositsMigration.name,
  async up(db) {
    await depositsMigration.up(db);
    for (const stmt of SIM_CHAIN_DDL) await sql.raw(stmt).execute(db);
  },
};

/** Every migration, in order. Append new ones; never edit or reorder shipped ones. */
export const MIGRATIONS: readonly Migration[] = [
  accounts,
  ledgerMigration,
  spotMigration,
  candlesMigration,
  assetsMigration,
  deposits,
  withdrawalsMigration,
  bankMigration,
  opsMigration,
  leanIndexes,
  leverMigration,
  secondMigration,
  legalMigration,
  identityMigration,
  newsMigration,
  kefuMigration,
  zhiboMigration,
  listingMigration,
  secondSettlementMigration,
  leverOvernightDaysMigration,
];
