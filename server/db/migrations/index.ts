import { sql } from 'kysely';
import { depositsMigration } from '../../assets/deposits/schema';
import { bankMigration } from '../../assets/bank/schema';
import { assetsMigration } from '../../assets/schema';
import { withdrawalsMigration } from '../../assets/withdrawals/schema';
import { ledgerMigration } from '../../ledger/schema';
import { legalMigration } from '../../legal/schema';
import { leverMigration, leverOvernightDaysMigration } from '../../lever/schema';
import { candlesMigration } from '../../market/data/candle-store';
import { spotMigration } from '../../trade/schema';
import { opsMigration } from '../../ops/ops-journal';
import { secondMigration } from '../../second/schema';
import { secondSettlementMigration } from '../../second/settlement-schema';
import { newsMigration } from '../../news/schema';
import { kefuMigration } from '../../kefu/schema';
import { zhiboMigration } from '../../zhibo/schema';
import { listingMigration } from '../../listing/schema';
import { identityMigration } from '../../identity/schema';
import { SIM_CHAIN_DDL } from '../../sim/schema';
import type { Migration } from '../migrate';
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
