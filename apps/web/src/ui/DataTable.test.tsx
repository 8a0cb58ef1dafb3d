import { MantineProvider, Table } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';

const rows = [
  { id: 'a', name: 'Ada', tries: ['first'] },
  { id: 'b', name: 'Bob', tries: [] },
];

// Without Mantine's style tags: the table's own markup.
const html = (table: React.ReactNode) =>
  renderToStaticMarkup(<MantineProvider>{table}</MantineProvider>).replace(/<style[\s\S]*?<\/style>/g, '');

describe('DataTable', () => {
  it('draws a header cell per column and a row of cells per row, with each row its props', () => {
    const markup = html(
      <DataTable
        aria-label="People"
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={() => ({ 'data-testid': 'person-row' })}
        columns={[
          { key: 'name', header: 'Name', cell: (row) => row.name },
          {
            key: 'actions',
            headerProps: { w: 40 },
            cell: (row) => <button type="button">{`Open ${row.name}`}</button>,
          },
        ]}
      />,
    );
    expect(markup).toContain('aria-label="People"');
    expect(markup.match(/<th[ >]/g)).toHaveLength(2);
    expect(markup).toMatch(/<th[^>]*>Name<\/th>/);
    expect(markup.match(/data-testid="person-row"/g)).toHaveLength(2);
    expect(markup.indexOf('Ada')).toBeLessThan(markup.indexOf('Open Bob'));
    expect(markup).not.toContain('mantine-TableScrollContainer');
  });

  it('scrolls sideways under its minimum width, draws rows of its own and rows after a row', () => {
    const markup = html(
      <DataTable
        minWidth={600}
        rows={rows}
        rowKey={(row) => row.id}
        renderRow={(row) => (
          <Table.Tr data-testid="own-row">
            <Table.Td>{row.name}</Table.Td>
          </Table.Tr>
        )}
        renderAfter={(row) =>
          row.tries.map((attempt) => (
            <Table.Tr key={attempt} data-testid="after-row">
              <Table.Td>{attempt}</Table.Td>
            </Table.Tr>
          ))
        }
        columns={[{ key: 'name', renderHeader: () => <Table.Th data-testid="own-header">Name</Table.Th> }]}
      />,
    );
    expect(markup).toContain('--table-min-width:calc(37.5rem');
    expect(markup).toContain('data-testid="own-header"');
    expect(markup.match(/data-testid="own-row"/g)).toHaveLength(2);
    expect(markup.match(/data-testid="after-row"/g)).toHaveLength(1);
    expect(markup.indexOf('first')).toBeLessThan(markup.indexOf('Bob'));
  });
});
