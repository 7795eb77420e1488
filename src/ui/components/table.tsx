import type { ReactNode } from 'react';

/** Which column a table is sorted by, and which way (`aria-sort`'s words). */
export interface SortState {
  column: string;
  direction: 'ascending' | 'descending';
}

/**
 * A dense work table (PRODUCT.md §9): sticky header, sortable columns, a row's own link for the
 * keyboard and a click anywhere on the row for the mouse. Wrapped in a scroller so a wide table
 * scrolls inside itself, never the page.
 *
 * Plain table markup, not react-aria's Table (docs/decisions/0021-plain-work-tables.md): react-aria
 * builds a table's rows in a hidden render and then draws them all in one synchronous render, which
 * React cannot split — twenty candidate rows were 0.3–0.6 s of a phone's main thread in one task
 * (issue 22). A read-only table needs no grid: screen readers have their own table commands, and
 * Tab reaches every row's link and every sort button.
 */
export function DataTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="data-table-scroll">
      <table className="data-table" aria-label={label}>
        {children}
      </table>
    </div>
  );
}

/** A column header; sortable when given the table's `sort` and `onSort`. */
export function ColumnHeader({
  column,
  sort,
  onSort,
  children,
}: {
  column: string;
  sort?: SortState;
  onSort?: (next: SortState) => void;
  children: ReactNode;
}) {
  if (!sort || !onSort)
    return (
      <th scope="col" className="data-column">
        {children}
      </th>
    );
  const active = sort.column === column;
  // As react-aria's Table did: a new column sorts ascending, the sorted one turns around.
  const next: SortState = {
    column,
    direction: active && sort.direction === 'ascending' ? 'descending' : 'ascending',
  };
  return (
    <th scope="col" className="data-column" aria-sort={active ? sort.direction : 'none'}>
      <button type="button" className="data-sort" onClick={() => onSort(next)}>
        {children}
        <span aria-hidden="true" className="data-sort-mark">
          {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * A body row that opens `onOpen` when clicked anywhere outside its own links and buttons (those keep
 * their own action); the keyboard and screen readers open it through the link in its row header.
 */
export function LinkedRow({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <tr
      className="data-row data-row-linked"
      onClick={(event) => {
        if ((event.target as Element).closest('a, button, input, label, select, textarea')) return;
        // Selecting text in a row is not a click on it.
        if (window.getSelection()?.toString()) return;
        onOpen();
      }}
    >
      {children}
    </tr>
  );
}

/** The row a table shows instead of its rows when it has none. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="table-empty">
        {children}
      </td>
    </tr>
  );
}
