/**
 * Batches of ids as bound parameters, in SQL both engines run: a list of `?` (`in (?, ?, …)` or a
 * `values` table) instead of SQLite's `json_each(?)` or PostgreSQL's `unnest(?)`. The lists come in
 * a few fixed lengths, so a store prepares one statement per length (`prepareByKey`) and a batch of
 * any size runs as a handful of statements.
 */

/** The lengths a list of ids is cut to, shortest first. 256 ids stay far below both engines' limits. */
export const ID_LIST_SIZES = [1, 4, 16, 64, 256] as const;

/** One of `ID_LIST_SIZES`. */
export type IdListSize = (typeof ID_LIST_SIZES)[number];

const LONGEST: IdListSize = 256;
/** `ID_LIST_SIZES`, longest first: how `readInLists` cuts. */
const LONGEST_FIRST = [...ID_LIST_SIZES].reverse();

/** One list of keys, `size` long (its last key repeated to fill it). */
export interface IdList<T> {
  size: IdListSize;
  ids: T[];
}

/** `n` copies of `one`, comma-separated: the placeholders of an id list, as `?, ?, ?`. */
export function placeholders(n: number, one = '?'): string {
  return Array.from({ length: n }, () => one).join(', ');
}

/**
 * `keys` (distinct, as the caller gives them) cut into lists whose lengths are in `ID_LIST_SIZES`:
 * as many full lists of the longest as there are, then the rest in the shortest length that holds
 * it, filled up by repeating its last key. No lists for no keys.
 */
export function keyLists<T>(keys: readonly T[]): IdList<T>[] {
  const out: IdList<T>[] = [];
  let start = 0;
  for (; keys.length - start >= LONGEST; start += LONGEST) {
    out.push({ size: LONGEST, ids: keys.slice(start, start + LONGEST) });
  }
  const rest = keys.slice(start);
  if (rest.length === 0) return out;
  const size = ID_LIST_SIZES.find((s) => s >= rest.length)!;
  while (rest.length < size) rest.push(rest[rest.length - 1]!);
  out.push({ size, ids: rest });
  return out;
}

/**
 * The distinct `ids` cut as `keyLists` cuts them. An id twice in a list selects the same rows (or
 * the same row twice, which callers gather into a set or map).
 */
export function idLists<T extends number | bigint>(ids: Iterable<T>): IdList<T>[] {
  return keyLists([...new Set(ids)]);
}

/**
 * Reads many keys of `per` values each (a user id, or a user id and a client id) in statements of
 * the lengths in `ID_LIST_SIZES` up to `longest`, cut exactly: as many of the longest as fit, then
 * shorter ones, nothing filled up. `values` holds the keys one after another; `read(size, slice)`
 * runs the statement for `size` keys on their `size × per` values and returns its rows, in order.
 * Not filled as `keyLists` fills: a join on a `values` list reads a repeated key again, and SQLite
 * planned the spot store's client-id join of 256 pairs as a scan (its mixed-order rate fell from
 * 8,606–9,718 to 7,235–8,113 /s with 256 filled lists: `npm run bench -- orders`), so that read
 * keeps to 64.
 */
export async function readInLists<V, R>(
  values: readonly V[],
  per: number,
  read: (size: IdListSize, slice: V[]) => Promise<R[]>,
  longest: IdListSize = LONGEST,
): Promise<R[]> {
  const rows: R[] = [];
  let i = 0;
  for (const size of LONGEST_FIRST) {
    if (size > longest) continue;
    const n = size * per;
    for (; values.length - i >= n; i += n)
      for (const row of await read(size, values.slice(i, i + n))) rows.push(row);
  }
  return rows;
}

/**
 * A statement family keyed by list length, every member defined now (so `definedStatements()` lists
 * them all) and handed out by length, for `prepareByKey`.
 */
export function byListSize<D>(define: (size: IdListSize) => D): (size: IdListSize) => D {
  const members = new Map(ID_LIST_SIZES.map((size) => [size, define(size)] as const));
  return (size) => members.get(size)!;
}
