import type { BulkSendRowResult } from '@esign/shared';
import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { queryKeys } from '../../api/query-keys';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { isFreeUserWithoutTeam } from '../../layouts/FreePlanCounter';
import { useCurrentUser } from '../auth/api';
import { useLiveTemplates } from '../templates/api';
import { useBatch, useRetryBatch } from './api';
import { batchProgress } from './bulk-send-view';
import { RowsTable } from './RowsTable';

const STATUS_COLORS: Record<BulkSendRowResult['status'], string> = { queued: 'gray', sent: 'green', failed: 'red' };

/**
 * A sent batch: each row's status, polled while any is queued. When every row is sent the page goes to /documents
 * (the spec's 'on success it goes to /documents'); with failed rows it stays, says why each failed, and offers to
 * send those rows again (after an upgrade, say). 'Go to documents' is always there.
 */
export function BatchStatus({ batchId, onNew }: { batchId: string; onNew: () => void }) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const batch = useBatch(batchId);
  const retry = useRetryBatch();
  const templates = useLiveTemplates();
  const progress = batch.data ? batchProgress(batch.data) : null;

  // Only a batch seen sending moves on by itself: opening a finished batch's address shows it.
  const hasSeenQueued = useRef(false);
  if (progress && !progress.isFinished) hasSeenQueued.current = true;
  const isFinished = progress?.isFinished ?? false;
  const isAllSent = progress !== null && progress.sent === progress.total;
  useEffect(() => {
    if (!isFinished || !hasSeenQueued.current) return;
    // The new documents and the month's count of sent documents.
    void queryClient.invalidateQueries({ queryKey: queryKeys.documents.all() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() });
    if (isAllSent) navigate('/documents');
  }, [isFinished, isAllSent, navigate, queryClient]);

  if (batch.isError) {
    return (
      <Stack gap="md" align="start">
        <Alert color="red" variant="light" role="alert">
          {t('bulkSend.notFound')}
        </Alert>
        <Button onClick={onNew}>{t('bulkSend.newBulkSend')}</Button>
      </Stack>
    );
  }
  if (!batch.data || !progress) return <Loader aria-label={t('common.loading')} />;

  const done = progress.sent + progress.failed;
  const title =
    batch.data.title ?? templates.data?.find((template) => template.id === batch.data.templateId)?.title ?? null;
  const percent = (count: number) => (progress.total === 0 ? 0 : (count / progress.total) * 100);
  return (
    <Stack gap="md">
      {title ? (
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {t('bulkSend.statusTitle', { title })}
        </Title>
      ) : null}
      <Stack gap={6}>
        <Text size="sm" data-testid="batch-progress" aria-live="polite">
          {t('bulkSend.progress', { done, total: progress.total })}
        </Text>
        <Progress.Root size="lg" aria-hidden>
          <Progress.Section value={percent(progress.sent)} color="green" />
          <Progress.Section value={percent(progress.failed)} color="red" />
        </Progress.Root>
      </Stack>
      {isFinished && isAllSent ? (
        <Alert color="green" variant="light">
          {t('bulkSend.allSent', { count: progress.total })}
        </Alert>
      ) : null}
      {isFinished && progress.failed > 0 ? (
        <Alert color="red" variant="light" role="alert">
          {t('bulkSend.someFailed', { count: progress.failed })}
        </Alert>
      ) : null}
      <RowsTable
        label={t('bulkSend.rowsTable')}
        rows={batch.data.rows.map((row) => ({
          row: row.row,
          name: row.name,
          email: row.email,
          status: { label: t(`bulkSend.status.${row.status}`), color: STATUS_COLORS[row.status] },
          details:
            row.status === 'failed' ? (
              translateMessage(row.error ?? '')
            ) : row.documentId ? (
              <Anchor component={Link} to={`/documents/${row.documentId}/preview`} size="sm">
                {t('bulkSend.openDocument')}
              </Anchor>
            ) : null,
        }))}
      />
      <Group gap="sm">
        <Button component={Link} to="/documents" variant={isFinished && progress.failed > 0 ? 'default' : 'filled'}>
          {t('bulkSend.goToDocuments')}
        </Button>
        {isFinished && progress.failed > 0 ? (
          <Button onClick={() => retry.mutate(batchId)} loading={retry.isPending}>
            {t('bulkSend.retry')}
          </Button>
        ) : null}
        {isFinished && progress.failed > 0 && user && isFreeUserWithoutTeam(user) ? (
          <Button component={Link} to="/settings/billing/plan" variant="light">
            {t('bulkSend.upgrade')}
          </Button>
        ) : null}
        {isFinished ? (
          <Button variant="subtle" onClick={onNew}>
            {t('bulkSend.newBulkSend')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
