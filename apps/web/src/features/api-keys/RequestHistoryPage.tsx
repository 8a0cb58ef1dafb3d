import { Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { DataTable } from '../../ui/DataTable';
import { useUserDates } from '../settings/user-dates';
import { useApiKey, useRequestHistory } from './api';

/**
 * /settings/api/{apiKeyId}/request_history (spec part 2, section 2): one key's calls, newest first, paged; Back
 * returns to /settings/api. Without a key id the user goes to /.
 */
export function RequestHistoryPage() {
  const { apiKeyId } = useParams();
  if (!apiKeyId) return <Navigate to="/" replace />;
  return <History apiKeyId={apiKeyId} />;
}

function History({ apiKeyId }: { apiKeyId: string }) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const [page, setPage] = useState(1);
  const key = useApiKey(apiKeyId);
  const history = useRequestHistory(apiKeyId, page);
  const data = history.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('apiKeys.historyTitle', { name: key.data?.name ?? '' })}
        </Title>
        <Button component={Link} to="/settings/api" variant="default">
          {t('apiKeys.back')}
        </Button>
      </Group>
      {data && data.totalItems === 0 ? <Text c="dimmed">{t('messages.noRequestHistory')}</Text> : null}
      {data && data.items.length > 0 ? (
        <DataTable
          minWidth={560}
          striped
          withTableBorder
          aria-label={t('apiKeys.historyTitle', { name: key.data?.name ?? '' })}
          rows={data.items}
          rowKey={(item) => item.id}
          rowProps={() => ({ 'data-testid': 'history-row' })}
          columns={[
            { key: 'type', header: t('apiKeys.type'), cell: (item) => <code>{item.type}</code> },
            { key: 'date', header: t('apiKeys.date'), cell: (item) => dates.date(item.createdAt) },
            { key: 'time', header: t('apiKeys.time'), cell: (item) => dates.clock(item.createdAt) },
            { key: 'origin', header: t('apiKeys.origin'), cell: (item) => item.origin },
            { key: 'status', header: t('apiKeys.status'), cell: (item) => item.statusCode },
            {
              key: 'duration',
              header: t('apiKeys.duration'),
              cell: (item) => t('apiKeys.milliseconds', { count: item.durationMs }),
            },
          ]}
        />
      ) : null}
      {data && data.pageCount > 1 ? <Pagination total={data.pageCount} value={page} onChange={setPage} /> : null}
    </Stack>
  );
}
