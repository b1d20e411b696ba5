import type { HTMLAttributes, Key, ReactNode } from 'react';

/** Attributes of a row or a cell, `data-*` ones included (the tests read some). */
export type CellAttrs<E extends HTMLElement> = HTMLAttributes<E> & {
  [data: `data-${string}`]: string | undefined;
};

/** One column of a {@link DataTable}. */
export interface Column<T> {
  /** The header's text; also the cell's caption on a phone (`data-label`), where a row is a card. */
  head: string;
  cell: (row: T) => ReactNode;
  /**
   * `false` leaves the cell without a caption on a phone: the row's number, its badge or buttons,
   * which read without one.
   */
  caption?: boolean;
  className?: string | ((row: T) => string);
  /** More attributes of the cell (a test id, a `data-*` the tests read). */
  attrs?: (row: T) => CellAttrs<HTMLTableCellElement>;
}

/** The `#` column: the row's number, right-aligned, without a caption. */
export function numberColumn<T extends { id: number }>(
  head = '#',
  value = (r: T): ReactNode => r.id,
): Column<T> {
  return { head, cell: value, caption: false, className: 'num' };
}

/** What {@link DataTable} takes. */
export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  /** Every row's test id (the e2e tests count and click rows by it). */
  rowTestId: string;
  onOpen?: (row: T) => void;
  /**
   * More attributes of a row: a `data-*` the tests read, or a click of its own where a link in the
   * row is what the keyboard reaches (the users' search).
   */
  rowAttrs?: (row: T) => CellAttrs<HTMLTableRowElement>;
}

/**
 * Rows as a table, each row a card on a phone (styles/pages.css). With `onOpen` a row is a link:
 * focusable, opened by a click or Enter, as every list of the console opens its items.
 */
export function DataTable<T extends { id: Key }>({
  rows,
  columns,
  rowTestId,
  onOpen,
  rowAttrs,
}: DataTableProps<T>) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i}>{c.head || null}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              data-testid={rowTestId}
              {...rowAttrs?.(row)}
              {...(onOpen && {
                className: 'table__row--link',
                tabIndex: 0,
                onClick: () => onOpen(row),
                onKeyDown: (e: { key: string }) => e.key === 'Enter' && onOpen(row),
              })}
            >
              {columns.map((c, i) => (
                <td
                  key={i}
                  {...(c.caption !== false && { 'data-label': c.head })}
                  className={typeof c.className === 'function' ? c.className(row) : c.className}
                  {...c.attrs?.(row)}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
