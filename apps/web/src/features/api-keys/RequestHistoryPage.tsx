import { Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from '../../i18n';
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
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder aria-label={t('apiKeys.historyTitle', { name: key.data?.name ?? '' })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('apiKeys.type')}</Table.Th>
                <Table.Th>{t('apiKeys.date')}</Table.Th>
                <Table.Th>{t('apiKeys.time')}</Table.Th>
                <Table.Th>{t('apiKeys.origin')}</Table.Th>
                <Table.Th>{t('apiKeys.status')}</Table.Th>
                <Table.Th>{t('apiKeys.duration')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => (
                <Table.Tr key={item.id} data-testid="history-row">
                  <Table.Td>
                    <code>{item.type}</code>
                  </Table.Td>
                  <Table.Td>{dates.date(item.createdAt)}</Table.Td>
                  <Table.Td>{dates.clock(item.createdAt)}</Table.Td>
                  <Table.Td>{item.origin}</Table.Td>
                  <Table.Td>{item.statusCode}</Table.Td>
                  <Table.Td>{t('apiKeys.milliseconds', { count: item.durationMs })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {data && data.pageCount > 1 ? <Pagination total={data.pageCount} value={page} onChange={setPage} /> : null}
    </Stack>
  );
}
