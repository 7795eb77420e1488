import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableHeader as AriaTableHeader,
  type CellProps,
  type ColumnProps,
  type RowProps,
  TableBody,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components';

export { TableBody };

/**
 * A dense work table (PRODUCT.md §9): sticky header, keyboard navigation between cells, sortable
 * columns (`allowsSorting` + the table's `sortDescriptor`/`onSortChange`). Wrapped in a scroller so a
 * wide table scrolls inside itself, never the page.
 */
export function Table(props: Omit<TableProps, 'className'>) {
  return (
    <div className="rac-table-scroll">
      <AriaTable {...props} className="rac-table" />
    </div>
  );
}

export function TableHeader<T extends object>(props: Omit<TableHeaderProps<T>, 'className'>) {
  return <AriaTableHeader {...props} className="rac-table-header" />;
}

export function Column({ children, ...props }: Omit<ColumnProps, 'className'>) {
  return (
    <AriaColumn {...props} className="rac-column">
      {(renderProps) => (
        <span className="rac-column-label">
          {typeof children === 'function' ? children(renderProps) : children}
          {renderProps.allowsSorting && (
            <span aria-hidden="true" className="rac-sort">
              {renderProps.sortDirection === 'ascending'
                ? '▲'
                : renderProps.sortDirection === 'descending'
                  ? '▼'
                  : '↕'}
            </span>
          )}
        </span>
      )}
    </AriaColumn>
  );
}

export function Row<T extends object>(props: Omit<RowProps<T>, 'className'>) {
  return <AriaRow {...props} className="rac-row" />;
}

export function Cell(props: Omit<CellProps, 'className'>) {
  return <AriaCell {...props} className="rac-cell" />;
}
