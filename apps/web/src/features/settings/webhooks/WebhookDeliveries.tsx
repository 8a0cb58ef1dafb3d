import { Badge, Button, Code, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { DataTable } from '../../../ui/DataTable';
import { useUserDates } from '../user-dates';
import { useReplayWebhookDelivery, useWebhookDeliveries } from './webhooks-api';

const PAGE_SIZE = 20;
const STATUS_COLORS = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;

/** A webhook's delivery log: newest first, each delivery with every try (status, time, duration, answer) and Replay. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries(webhookId, page);
  const replay = useReplayWebhookDelivery();
  const data = deliveries.data;
  if (!data) return null;
  if (data.deliveries.length === 0) return <Text>{t('webhooks.noDeliveries')}</Text>;
  return (
    <Stack>
      <DataTable
        minWidth={600}
        rows={data.deliveries}
        rowKey={(delivery) => delivery.id}
        rowProps={() => ({ 'data-testid': 'webhook-delivery' })}
        columns={[
          {
            key: 'event',
            header: t('webhooks.event'),
            cell: (delivery) => (
              <>
                <Text size="sm">{delivery.eventType}</Text>
                <Text size="xs" c="dimmed">
                  {delivery.id}
                </Text>
              </>
            ),
          },
          {
            key: 'state',
            header: t('webhooks.state'),
            cellProps: { style: { whiteSpace: 'nowrap', minWidth: 110 } },
            cell: (delivery) => (
              <Badge variant="light" color={STATUS_COLORS[delivery.status]}>
                {t(`webhooks.status.${delivery.status}`)}
              </Badge>
            ),
          },
          { key: 'tries', header: t('webhooks.tries'), cell: (delivery) => delivery.attempts.length },
          {
            key: 'created',
            header: t('webhooks.created'),
            cell: (delivery) => `${dates.date(delivery.createdAt)} ${dates.time(delivery.createdAt)}`,
          },
          {
            key: 'actions',
            cell: (delivery) => (
              <Group gap="xs" wrap="nowrap" justify="flex-end">
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => setOpenId(openId === delivery.id ? null : delivery.id)}
                >
                  {openId === delivery.id ? t('webhooks.hideTries') : t('webhooks.showTries')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => replay.mutate({ id: webhookId, deliveryId: delivery.id })}
                >
                  {t('webhooks.replay')}
                </Button>
              </Group>
            ),
          },
        ]}
        renderAfter={(delivery) =>
          openId === delivery.id &&
          delivery.attempts.map((attempt) => (
            <Table.Tr key={attempt.id}>
              <Table.Td colSpan={5}>
                <Group gap="sm">
                  <Badge color={attempt.isSuccess ? 'green' : 'red'} variant="light">
                    {attempt.responseStatus ?? t('webhooks.noAnswer')}
                  </Badge>
                  <Text size="xs">{`${dates.date(attempt.createdAt)} ${dates.time(attempt.createdAt)}`}</Text>
                  <Text size="xs">{t('webhooks.duration', { ms: String(attempt.durationMs) })}</Text>
                  {attempt.isManual && <Badge variant="outline">{t('webhooks.manual')}</Badge>}
                </Group>
                {(attempt.responseBody || attempt.error) && (
                  <Code block mt="xs">
                    {attempt.error ?? attempt.responseBody}
                  </Code>
                )}
              </Table.Td>
            </Table.Tr>
          ))
        }
      />
      {data.total > PAGE_SIZE && (
        <Pagination total={Math.ceil(data.total / PAGE_SIZE)} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}
