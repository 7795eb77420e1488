// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColumnHeader, DataTable, EmptyRow, LinkedRow, type SortState } from './table';

afterEach(cleanup);

function People({ onOpen, rows = ['Ada', 'Grace'] }: { onOpen: (name: string) => void; rows?: string[] }) {
  const [sort, setSort] = useState<SortState>({ column: 'name', direction: 'ascending' });
  const sortable = { sort, onSort: setSort };
  return (
    <DataTable label="People">
      <thead>
        <tr>
          <ColumnHeader column="name" {...sortable}>
            Name
          </ColumnHeader>
          <ColumnHeader column="age" {...sortable}>
            Age
          </ColumnHeader>
          <ColumnHeader column="city">City</ColumnHeader>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && <EmptyRow columns={3}>Nobody yet.</EmptyRow>}
        {rows.map((name) => (
          <LinkedRow key={name} onOpen={() => onOpen(name)}>
            <th scope="row">
              <a href={`#${name}`}>{name}</a>
            </th>
            <td>36</td>
            <td>London</td>
          </LinkedRow>
        ))}
      </tbody>
    </DataTable>
  );
}

const sortOf = (name: string) => screen.getByRole('columnheader', { name }).getAttribute('aria-sort');

describe('the work table', () => {
  it('is a table named by its label, with its columns, row headers and cells', () => {
    render(<People onOpen={() => {}} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name▲', 'Age↕', 'City']);
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Ada', 'Grace']);
    expect(screen.getAllByRole('cell', { name: 'London' })).toHaveLength(2);
  });

  it('says which column sorts which way; a new column sorts ascending, the sorted one turns around', () => {
    render(<People onOpen={() => {}} />);
    // The arrows are for the eye; a screen reader hears the column's aria-sort.
    expect([sortOf('Name'), sortOf('Age')]).toEqual(['ascending', 'none']);
    // A column without a sort is no button and says nothing about sorting.
    expect(screen.queryByRole('button', { name: 'City' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'City' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(sortOf('Name')).toBe('descending');
    expect(screen.getByRole('button', { name: 'Name' }).textContent).toBe('Name▼');
    fireEvent.click(screen.getByRole('button', { name: 'Age' }));
    expect([sortOf('Name'), sortOf('Age')]).toEqual(['none', 'ascending']);
    fireEvent.click(screen.getByRole('button', { name: 'Age' }));
    expect(sortOf('Age')).toBe('descending');
  });

  it('opens a row clicked anywhere but on its own link, which keeps its own action', () => {
    const onOpen = vi.fn();
    render(<People onOpen={onOpen} />);
    fireEvent.click(screen.getAllByRole('cell', { name: 'London' })[1] as HTMLElement);
    expect(onOpen).toHaveBeenCalledWith('Grace');
    onOpen.mockClear();
    fireEvent.click(screen.getByRole('link', { name: 'Ada' }));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('shows one row saying so when it has no rows', () => {
    render(<People onOpen={() => {}} rows={[]} />);
    const empty = screen.getByRole('cell', { name: 'Nobody yet.' });
    expect(empty.getAttribute('colspan')).toBe('3');
  });
});
