import type { DocumentListItem, ListOrderingKey } from '@esign/shared';
import { Anchor, Badge, Checkbox, Table, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { SortableTh } from '../../layouts/SortableTh';
import { useCurrentUser } from '../auth/api';
import { useUserDates } from '../settings/user-dates';
import type { Sorting } from './ListPage';
import { type ListKind, statusLabelKey } from './list-view';
import { SignersSummary } from './SignersSummary';

const STATUS_COLORS: Record<string, string> = { draft: 'gray', awaiting: 'orange', completed: 'green' };

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
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t(kind.texts.selectAll)}
                checked={isAllSelected}
                indeterminate={!isAllSelected && selected.length > 0}
                onChange={() => onSelect(isAllSelected ? [] : selectable.map((item) => item.id))}
              />
            </Table.Th>
            <SortHeader column="title" sorting={props.sorting} onSort={props.onSort} />
            <Table.Th>{t(kind.texts.signersColumn)}</Table.Th>
            <SortHeader column="createdAt" sorting={props.sorting} onSort={props.onSort} />
            <SortHeader column="status" sorting={props.sorting} onSort={props.onSort} />
            <Table.Th>{t('documents.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const title = item.title || t('documents.untitled');
            const isSelected = selected.includes(item.id);
            return (
              <Table.Tr key={item.id} data-testid="document-row">
                <Table.Td>
                  {!isSelectable(item) ? null : (
                    <Checkbox
                      aria-label={t('documents.selectOne', { title })}
                      checked={isSelected}
                      onChange={() =>
                        onSelect(isSelected ? selected.filter((id) => id !== item.id) : [...selected, item.id])
                      }
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  {item.status === 'preparing' ? (
                    <Text size="sm">{title}</Text>
                  ) : (
                    <Anchor component={Link} to={kind.itemLink(item)} size="sm" fw={600}>
                      {title}
                    </Anchor>
                  )}
                  {item.owner.id === userId ? null : (
                    <Text size="xs" c="dimmed">
                      {t('team.ownerOf', { name: item.owner.name })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <SignersSummary item={item} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{dates.date(item.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={item.status} />
                </Table.Td>
                <Table.Td>{item.status === 'preparing' ? null : <RowActions item={item} />}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
