import { Table, Text, UnstyledButton } from '@mantine/core';

/**
 * A table's sortable column header: the whole cell is the button (not only its label), with `aria-sort` on the
 * cell and the direction's arrow after the label.
 */
export function SortableTh(props: {
  label: string;
  /** The button's accessible name ('Sort by Title'). */
  sortLabel: string;
  /** null: the table is sorted by another column. */
  direction: 'ascending' | 'descending' | null;
  onSort: () => void;
}) {
  return (
    <Table.Th aria-sort={props.direction ?? 'none'} p={0} style={{ height: 1 }}>
      <UnstyledButton
        onClick={props.onSort}
        aria-label={props.sortLabel}
        display="block"
        w="100%"
        h="100%"
        style={{ padding: 'var(--table-vertical-spacing) var(--table-horizontal-spacing, var(--mantine-spacing-xs))' }}
      >
        <Text fw={700} size="sm">
          {props.label} {props.direction === null ? '' : props.direction === 'ascending' ? '▲' : '▼'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}
