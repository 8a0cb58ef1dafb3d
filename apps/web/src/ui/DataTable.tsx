import { Table, type TableProps, type TableTdProps, type TableThProps, type TableTrProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/** One column: its header cell and how a row fills its cell. */
export interface DataColumn<Row> {
  /** Unique in the table: the React key of the column's cells. */
  key: string;
  /** The header cell's content; none leaves the header cell empty (a column of buttons). */
  header?: ReactNode;
  /** The header cell's own props (a width). */
  headerProps?: TableThProps;
  /** A whole header cell of its own, drawn instead of `header` (a sortable header draws its `<Table.Th>`). */
  renderHeader?: () => ReactNode;
  /** The row's cell content; unused when the table draws its rows itself (`renderRow`). */
  cell?: (row: Row) => ReactNode;
  /** The row's cell props (a style), the same for every row. */
  cellProps?: TableTdProps;
}

export interface DataTableProps<Row> extends Omit<TableProps, 'children' | 'data'> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A row's props: its test id (`data-testid`), which e2e tests find rows by. */
  rowProps?: (row: Row) => TableTrProps & { 'data-testid'?: string };
  /** Draws a whole row (a `<Table.Tr>`) instead of the columns' cells, for a row with state of its own. */
  renderRow?: (row: Row) => ReactNode;
  /** Rows drawn after a row's own (a webhook delivery's tries, opened under it). */
  renderAfter?: (row: Row) => ReactNode;
  /** Set: the table scrolls sideways in a container when narrower than this (px). */
  minWidth?: number;
}

/**
 * The app's table: a Mantine table of columns over rows, so a list is its columns, not a hand-written
 * `Thead`/`Tbody`. Props the table takes (striped, borders, spacing, an aria-label, a test id) are Mantine's.
 * What is shown when there are no rows stays with the caller (each list says it in its own words).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, rowProps, renderRow, renderAfter, minWidth, ...tableProps } = props;
  const table = (
    <Table {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) =>
            column.renderHeader ? (
              <Fragment key={column.key}>{column.renderHeader()}</Fragment>
            ) : (
              <Table.Th key={column.key} {...column.headerProps}>
                {column.header}
              </Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Fragment key={rowKey(row)}>
            {renderRow ? (
              renderRow(row)
            ) : (
              <Table.Tr {...rowProps?.(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key} {...column.cellProps}>
                    {column.cell?.(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            )}
            {renderAfter?.(row)}
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? table : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
}
