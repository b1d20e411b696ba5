// Paging of a list the server gives whole (IEO projects, earn products): newest first by id, a page
// of `size` below the cursor `before`, the same cursor the server-paged lists use (components/pager).

/** One page of `rows` (any order): ids below `before` (all when null), highest first. */
export function clientPage<T extends { id: number }>(
  rows: readonly T[],
  before: number | null,
  size: number,
): { rows: T[]; next: number | null } {
  const below = rows.filter((r) => before === null || r.id < before).sort((a, b) => b.id - a.id);
  const page = below.slice(0, size);
  return { rows: page, next: below.length > size ? page[page.length - 1]!.id : null };
}
