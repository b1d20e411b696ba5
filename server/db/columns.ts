// Readers of the values a statement's rows hold, alike on both engines: SQLite gives an integer as a
// number or a bigint (a statement table's integer mode), PostgreSQL's driver an int8 as a number or a
// bigint by the same mode, and a `sum` of integers as a decimal string (null over no rows).

/** An integer column that stays below 2^53 (ids, times, counts, ticks, lots) as a number. */
export const num = (v: unknown): number => Number(v as bigint);

/** Like `num`; a null column stays null. */
export const numOrNull = (v: unknown): number | null =>
  v === null || v === undefined ? null : Number(v as bigint);

/** An integer column that holds money (minor units) as a bigint. */
export const big = (v: unknown): bigint => BigInt(v as bigint);

/** Like `big`; a null column stays null. */
export const bigOrNull = (v: unknown): bigint | null =>
  v === null || v === undefined ? null : BigInt(v as bigint);

/** A `sum` of money columns as a bigint: 0 over no rows, whichever form the engine gives it in. */
export const sumUnits = (v: unknown): bigint => BigInt(String(v ?? 0));
