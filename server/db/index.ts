/**
 * The database's face for the areas: the typed schema Kysely knows, the shape of a migration and
 * the DDL words that differ per engine (`ddl.ts`, for the baseline parts), and the typed statement
 * tables every store declares its SQL in. It carries no migration list, so no
 * area reaches the migrations through it; the composition root opens the database through
 * `module.ts`.
 */
export { baselinePart, ddlFor, type Ddl } from './ddl';
export { BASELINE_STEP, type EngineName, type Migration } from './migration';
export type { Database, TicketPurpose, UserRow } from './schema';
export { definedStatements, prepareAll, prepareByKey, prepareOnUse, sql } from './statements';
export type { PrepareOptions, Prepared, PreparedSet, RunResult, StatementDef } from './statements';
export { statementsByKey, statementsOf, statementsPerEngine } from './engine';
export type { AsyncPrepared, AsyncPreparedSet, Engine } from './engine';
export type { Conn } from './conn';
export { carryIntoCommands, currentCommand, Writer, WriterUnavailableError } from './writer';
export type { BatchParticipant, CommandOptions, WriterOptions } from './writer';
export { BatchQueue } from './batch-queue';
export { BulkRows } from './bulk-rows';
export { big, bigOrNull, num, numOrNull, sumUnits } from './columns';
