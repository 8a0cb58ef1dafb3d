import type { Document } from '@esign/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { notifyError, notifySuccess } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { useTranslation } from '../../i18n';
import { useUserDates } from '../settings/user-dates';

/** A document's legal hold (issue 39): its owner, the team's owner and admins set or release it. */
export function LegalHoldControl({ document }: { document: Document }) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const queryClient = useQueryClient();
  const hold = useMutation({
    mutationFn: (isHeld: boolean) => apiCall('setLegalHold', { params: { id: document.id }, body: { isHeld } }),
    onSuccess: (answer) => {
      notifySuccess(t(answer.legalHoldAt ? 'legalHold.heldDone' : 'legalHold.releasedDone'));
      return queryClient.invalidateQueries({ queryKey: queryKeys.documents.all() });
    },
    onError: notifyError,
  });
  const heldAt = document.legalHoldAt ?? null;
  return (
    <Group gap="xs" wrap="wrap">
      {heldAt && (
        <Text size="sm" c="orange.9">
          {t('legalHold.held', { date: dates.date(heldAt) })}
        </Text>
      )}
      <Button variant="default" size="xs" loading={hold.isPending} onClick={() => hold.mutate(heldAt === null)}>
        {heldAt ? t('legalHold.release') : t('legalHold.hold')}
      </Button>
    </Group>
  );
}

/** What a removed document's page shows (issue 39): when and why, its dates and the fingerprints the stub keeps. */
export function RemovedDocumentView({ document }: { document: Document }) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const removal = document.removal;
  if (!removal) return null;
  const date = dates.date(removal.removedAt);
  return (
    <Stack gap="xs" component="section" aria-labelledby="removed-document">
      <Title order={2} size="h3" id="removed-document">
        {t('removedDocument.title')}
      </Title>
      <Text>
        {removal.reason === 'erasure'
          ? t('removedDocument.bodyErasure', { date })
          : t('removedDocument.body', { date })}
      </Text>
      <Text size="sm">{t('removedDocument.createdAt', { date: dates.date(document.createdAt) })}</Text>
      {removal.sealedSha256.map((hash) => (
        <Text key={hash} size="sm" style={{ overflowWrap: 'anywhere' }} ff="monospace">
          {t('removedDocument.fingerprint', { hash })}
        </Text>
      ))}
      {removal.chainHash && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} ff="monospace">
          {t('removedDocument.chainHash', { hash: removal.chainHash })}
        </Text>
      )}
      {removal.sealedSha256.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('removedDocument.verifyHint')}
        </Text>
      )}
    </Stack>
  );
}
