/** Keys per statement of a multi-key read, largest first. */
const READ_WIDTHS = [64, 16, 4, 1] as const;

/**
 * Reads many keys with few statements of four fixed widths: as many of the widest as fit, then
 * narrower ones, so a connection prepares four statements for a read of any size (one round trip per
 * 64 keys on PostgreSQL). `values` holds the keys one after another, `per` values each;
 * `read(width, slice)` runs the statement for `width` keys and returns its rows. Rows come back in
 * statement order.
 */
export async function readInWidths<V, R>(
  values: readonly V[],
  per: number,
  read: (width: number, slice: V[]) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  let i = 0;
  for (const width of READ_WIDTHS) {
    const n = width * per;
    while (values.length - i >= n) {
      for (const row of await read(width, values.slice(i, i + n))) rows.push(row);
      i += n;
    }
  }
  return rows;
}
