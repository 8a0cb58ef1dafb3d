import type { DocumentListItem, ListOrderingKey } from '@esign/shared';
import { Anchor, Badge, Checkbox, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { SortableTh } from '../../layouts/SortableTh';
import { DataTable } from '../../ui/DataTable';
import { useCurrentUser } from '../auth/api';
import { useUserDates } from '../settings/user-dates';
import type { Sorting } from './ListPage';
import { type ListKind, statusLabelKey } from './list-view';
import { SignersSummary } from './SignersSummary';

const STATUS_COLORS: Record<string, string> = {
  draft: 'gray',
  awaiting: 'orange',
  completed: 'green',
  declined: 'red',
  voided: 'dark',
  expired: 'yellow',
};

export function StatusBadge({ status }: { status: DocumentListItem['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'blue'}
      variant="light"
      style={{ flexShrink: 0 }}
      styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {t(statusLabelKey(status))}
    </Badge>
  );
}

function SortHeader(props: { column: ListOrderingKey; sorting: Sorting; onSort: (sorting: Sorting) => void }) {
  const { t } = useTranslation();
  const isActive = props.sorting.key === props.column;
  const label = t(`documents.columns.${props.column}`);
  const next: Sorting = {
    key: props.column,
    direction: isActive && props.sorting.direction === 'asc' ? 'desc' : 'asc',
  };
  return (
    <SortableTh
      label={label}
      sortLabel={t('documents.sortBy', { column: label })}
      direction={isActive ? (props.sorting.direction === 'asc' ? 'ascending' : 'descending') : null}
      onSort={() => props.onSort(next)}
    />
  );
}

/** The desktop list: selectable rows, sortable columns, each row's actions. */
export function DocumentsTable(props: {
  items: DocumentListItem[];
  kind: ListKind;
  RowActions: ComponentType<{ item: DocumentListItem }>;
  sorting: Sorting;
  onSort: (sorting: Sorting) => void;
  selected: string[];
  onSelect: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const { items, kind, RowActions, selected, onSelect } = props;
  const userId = useCurrentUser().data?.id;
  // A teammate's document (the team's list) is not selectable: the bulk actions are its owner's.
  const isSelectable = (item: DocumentListItem) => item.status !== 'preparing' && item.owner.id === userId;
  const selectable = items.filter(isSelectable);
  const isAllSelected = selectable.length > 0 && selectable.every((item) => selected.includes(item.id));
  const titleOf = (item: DocumentListItem) => item.title || t('documents.untitled');
  return (
    <DataTable
      minWidth={760}
      verticalSpacing="sm"
      highlightOnHover
      rows={items}
      rowKey={(item) => item.id}
      rowProps={() => ({ 'data-testid': 'document-row' })}
      columns={[
        {
          key: 'select',
          headerProps: { w: 40 },
          header: (
            <Checkbox
              aria-label={t(kind.texts.selectAll)}
              checked={isAllSelected}
              indeterminate={!isAllSelected && selected.length > 0}
              onChange={() => onSelect(isAllSelected ? [] : selectable.map((item) => item.id))}
            />
          ),
          cell: (item) => {
            const isSelected = selected.includes(item.id);
            return !isSelectable(item) ? null : (
              <Checkbox
                aria-label={t('documents.selectOne', { title: titleOf(item) })}
                checked={isSelected}
                onChange={() => onSelect(isSelected ? selected.filter((id) => id !== item.id) : [...selected, item.id])}
              />
            );
          },
        },
        {
          key: 'title',
          renderHeader: () => <SortHeader column="title" sorting={props.sorting} onSort={props.onSort} />,
          cell: (item) => (
            <>
              {item.status === 'preparing' ? (
                <Text size="sm">{titleOf(item)}</Text>
              ) : (
                <Anchor component={Link} to={kind.itemLink(item)} size="sm" fw={600}>
                  {titleOf(item)}
                </Anchor>
              )}
              {item.owner.id === userId ? null : (
                <Text size="xs" c="dimmed">
                  {t('team.ownerOf', { name: item.owner.name })}
                </Text>
              )}
            </>
          ),
        },
        { key: 'signers', header: t(kind.texts.signersColumn), cell: (item) => <SignersSummary item={item} /> },
        {
          key: 'createdAt',
          renderHeader: () => <SortHeader column="createdAt" sorting={props.sorting} onSort={props.onSort} />,
          cell: (item) => <Text size="sm">{dates.date(item.createdAt)}</Text>,
        },
        {
          key: 'status',
          renderHeader: () => <SortHeader column="status" sorting={props.sorting} onSort={props.onSort} />,
          cell: (item) => <StatusBadge status={item.status} />,
        },
        {
          key: 'actions',
          header: t('documents.columns.actions'),
          cell: (item) => (item.status === 'preparing' ? null : <RowActions item={item} />),
        },
      ]}
    />
  );
}
