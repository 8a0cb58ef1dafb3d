import { DOCUMENT_LIST_FILTERS, type DocumentListQuery, LIST_DEFAULTS, type ListOrderingKey } from '@esign/shared';
import { Group, Pagination, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useDocumentList } from './api';
import { BulkActions } from './BulkActions';
import { DocumentCards } from './DocumentCards';
import { DocumentsTable } from './DocumentsTable';
import { counterRange, DOCUMENT_LIST_TYPES, parseFilter, STATUSES_BY_FILTER } from './list-view';

export interface Sorting {
  key: ListOrderingKey;
  direction: 'asc' | 'desc';
}

type DateRange = [string | null, string | null];

/** /documents and /documents/{status}: search, date range, sortable columns, pages, row and bulk actions. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filter = parseFilter(useParams().status);
  const isMobile = useMediaQuery('(max-width: 767.98px)');
  const [search, setSearch] = useState('');
  const [searchType, setSearchType] = useState<'documents' | 'signers'>('documents');
  const [debouncedSearch] = useDebouncedValue(search.trim(), LIST_DEFAULTS.searchDebounceMs);
  const [dates, setDates] = useState<DateRange>([null, null]);
  const [sorting, setSorting] = useState<Sorting>({ key: 'createdAt', direction: 'desc' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);

  // A new filter, search or sorting starts again from the first page with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these values are the trigger, not inputs
  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [filter, debouncedSearch, searchType, dates, sorting]);

  const query: DocumentListQuery = {
    type: DOCUMENT_LIST_TYPES,
    status: filter ? STATUSES_BY_FILTER[filter] : undefined,
    page,
    limit: LIST_DEFAULTS.limit,
    searchTerm: debouncedSearch || undefined,
    searchType,
    dateFrom: dates[0] ?? undefined,
    dateTo: dates[1] ?? undefined,
    orderingKey: sorting.key,
    orderingDirection: sorting.direction,
  };
  const list = useDocumentList(query);
  if (filter === null) return <Navigate to="/documents" replace />;

  const data = list.data;
  const range = counterRange(page, LIST_DEFAULTS.limit, data?.itemCount ?? 0);
  const items = data?.items ?? [];

  return (
    <Stack gap="md">
      <Title order={1}>{t('documents.title')}</Title>
      <SegmentedControl
        value={filter}
        onChange={(value) => navigate(value === 'all' ? '/documents' : `/documents/${value}`)}
        data={DOCUMENT_LIST_FILTERS.map((value) => ({ value, label: t(`documents.filters.${value}`) }))}
        fullWidth={isMobile}
        size={isMobile ? 'xs' : 'sm'}
        w={isMobile ? undefined : 'fit-content'}
      />
      <Group align="end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          aria-label={t('documents.search')}
          placeholder={t('documents.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={isMobile ? '100%' : 280}
        />
        <SegmentedControl
          aria-label={t('documents.searchBy')}
          value={searchType}
          onChange={(value) => setSearchType(value as 'documents' | 'signers')}
          data={[
            { value: 'documents', label: t('documents.searchDocuments') },
            { value: 'signers', label: t('documents.searchSigners') },
          ]}
        />
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
        <BulkActions selected={selected} onDone={() => setSelected([])} />
      </Group>
      {isMobile ? (
        <DocumentCards items={items} />
      ) : (
        <DocumentsTable
          items={items}
          sorting={sorting}
          onSort={setSorting}
          selected={selected}
          onSelect={setSelected}
        />
      )}
      {data && data.totalItems === 0 && !list.isFetching ? <Text c="dimmed">{t('documents.empty')}</Text> : null}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="documents-counter">
          {t('documents.counter', { from: range.from, to: range.to, total: data?.totalItems ?? 0 })}
        </Text>
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
