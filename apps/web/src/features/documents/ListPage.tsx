import { type DocumentListItem, type DocumentListQuery, LIST_DEFAULTS, type ListOrderingKey } from '@esign/shared';
import { Button, Group, Loader, Pagination, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { useDocumentList } from './api';
import { DocumentCards } from './DocumentCards';
import { DocumentsTable } from './DocumentsTable';
import { counterRange, type ListKind, parseFilter } from './list-view';

export interface Sorting {
  key: ListOrderingKey;
  direction: 'asc' | 'desc';
}

type DateRange = [string | null, string | null];

export interface ListPageProps {
  kind: ListKind;
  /** A row's actions menu. */
  RowActions: ComponentType<{ item: DocumentListItem }>;
  /** What can be done with the selected rows. */
  BulkActions: ComponentType<{ selected: string[]; onDone: () => void }>;
  /** Beside the title (a 'Create Template' button). */
  headerAction?: ReactNode;
}

/**
 * /documents/{status} and /templates/{status}: search, date range, sortable columns, pages, row and bulk actions,
 * over GET documents with the list's types and the route filter's statuses.
 */
export function ListPage({ kind, RowActions, BulkActions, headerAction }: ListPageProps) {
  const { t } = useTranslation();
  const { texts } = kind;
  const navigate = useNavigate();
  const filter = parseFilter(kind, useParams().status);
  const isMobile = useMediaQuery('(max-width: 767.98px)');
  const [search, setSearch] = useState('');
  const [searchType, setSearchType] = useState<'documents' | 'signers'>('documents');
  const [debouncedSearch] = useDebouncedValue(search.trim(), LIST_DEFAULTS.searchDebounceMs);
  const [dates, setDates] = useState<DateRange>([null, null]);
  const [sorting, setSorting] = useState<Sorting>({ key: 'createdAt', direction: 'desc' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [scope, setScope] = useState<'mine' | 'team'>('mine');
  const user = useCurrentUser().data;
  // 'Mine / Team': a team's owner and admins see its documents (the access policy's document.view).
  const hasTeamScope = kind.hasTeamScope && user?.teamId != null && (user.role === 'owner' || user.role === 'admin');

  // A new filter, search or sorting starts again from the first page with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these values are the trigger, not inputs
  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [filter, debouncedSearch, searchType, dates, sorting, scope]);

  const query: DocumentListQuery = {
    type: kind.types,
    status: filter ? kind.statusesByFilter[filter] : undefined,
    page,
    limit: LIST_DEFAULTS.limit,
    searchTerm: debouncedSearch || undefined,
    searchType,
    dateFrom: dates[0] ?? undefined,
    dateTo: dates[1] ?? undefined,
    orderingKey: sorting.key,
    orderingDirection: sorting.direction,
    ...(hasTeamScope && scope === 'team' ? { scope } : {}),
  };
  const list = useDocumentList(query);
  if (filter === null) return <Navigate to={kind.basePath} replace />;

  const data = list.data;
  const range = counterRange(page, LIST_DEFAULTS.limit, data?.itemCount ?? 0);
  const items = data?.items ?? [];
  const rows = { items, kind, RowActions };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t(texts.title)}</Title>
        {headerAction}
      </Group>
      <SegmentedControl
        value={filter}
        onChange={(value) => navigate(value === 'all' ? kind.basePath : `${kind.basePath}/${value}`)}
        data={Object.entries(kind.filterLabels).map(([value, label]) => ({ value, label: t(label) }))}
        fullWidth={isMobile}
        size={isMobile ? 'xs' : 'sm'}
        w={isMobile ? undefined : 'fit-content'}
      />
      <Group align="end" gap="sm" wrap="wrap">
        {hasTeamScope ? (
          <SegmentedControl
            aria-label={t('team.scopeLabel')}
            value={scope}
            onChange={(value) => setScope(value as 'mine' | 'team')}
            data={[
              { value: 'mine', label: t('team.scopeMine') },
              { value: 'team', label: t('team.scopeTeam') },
            ]}
          />
        ) : null}
        <TextInput
          type="search"
          aria-label={t(texts.search)}
          placeholder={t(texts.search)}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={isMobile ? '100%' : 280}
        />
        {kind.hasSignerSearch ? (
          <SegmentedControl
            aria-label={t('documents.searchBy')}
            value={searchType}
            onChange={(value) => setSearchType(value as 'documents' | 'signers')}
            data={[
              { value: 'documents', label: t('documents.searchDocuments') },
              { value: 'signers', label: t('documents.searchSigners') },
            ]}
          />
        ) : null}
        <DatePickerInput
          type="range"
          aria-label={t('documents.dateRange')}
          placeholder={t('documents.dateRange')}
          value={dates}
          onChange={(value) => setDates(value as DateRange)}
          clearable
          valueFormat={t('formats.date')}
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          w={isMobile ? '100%' : 260}
        />
        {selected.length > 0 ? <BulkActions selected={selected} onDone={() => setSelected([])} /> : null}
      </Group>
      {isMobile ? (
        <DocumentCards {...rows} />
      ) : (
        <DocumentsTable {...rows} sorting={sorting} onSort={setSorting} selected={selected} onSelect={setSelected} />
      )}
      {data && data.totalItems === 0 && !list.isFetching ? <Text c="dimmed">{t(texts.empty)}</Text> : null}
      {data ? null : <ListWaiting list={list} />}
      <Group justify="space-between" wrap="wrap">
        {data ? (
          <Text size="sm" data-testid="documents-counter">
            {t('documents.counter', { from: range.from, to: range.to, total: data.totalItems })}
          </Text>
        ) : null}
        {data && data.pageCount > 1 ? (
          <Pagination
            total={data.pageCount}
            value={page}
            onChange={setPage}
            siblings={Math.floor(LIST_DEFAULTS.pageRange / 2)}
            boundaries={LIST_DEFAULTS.marginPages}
            size={isMobile ? 'sm' : 'md'}
            getControlProps={(control) => ({ 'aria-label': t(`documents.pageControl.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('documents.pageNumber', { page: item }) })}
          />
        ) : null}
      </Group>
    </Stack>
  );
}

/**
 * Before the list's first answer: waiting for the network (offline: the query is paused and runs when it is back),
 * the error with Retry, or loading; never an empty list's '0-0 of 0 results'.
 */
function ListWaiting({ list }: { list: ReturnType<typeof useDocumentList> }) {
  const { t } = useTranslation();
  if (list.fetchStatus === 'paused') return <Text c="dimmed">{t('common.waitingForConnection')}</Text>;
  if (list.isError) {
    return (
      <Group>
        <Text c="red">{errorMessage(list.error)}</Text>
        <Button variant="default" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  }
  return <Loader size="sm" aria-label={t('common.loading')} />;
}
