import { type Document, type DocumentActivity, expiryDateOf, isEndedStatus } from '@esign/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { ExpiryModal, VoidModal } from './LifecycleModals';
import { useLifecycleActions } from './lifecycle-api';

/**
 * The sender's view of a sent document's life (issue 36), on its page: the expiry date with 'Change expiry date'
 * and 'Void document' while it awaits signatures; why it ended (who declined and their reason, the void's reason,
 * the expiry) with 'Extend' for an expired one and 'Edit & Resend' (a new draft from it) for every ended one.
 */
export function LifecyclePanel({ document, activities }: { document: Document; activities: DocumentActivity[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useLifecycleActions();
  const [modal, setModal] = useState<'void' | 'expiry' | null>(null);
  const { status } = document;
  if (status !== 'awaiting' && !isEndedStatus(status)) return null;
  const ending = activities.findLast((row) => row.type === 'decline' || row.type === 'void');
  const date = document.expiresAt ? expiryDateOf(document.expiresAt) : null;

  const onVoid = (reason: string) =>
    actions.voidDocument.mutate(
      { id: document.id, reason },
      {
        onSuccess: () => {
          setModal(null);
          notifySuccess(t('senderLifecycle.voided'));
        },
        onError: notifyError,
      },
    );
  const onSaveExpiry = (expiresAt: string | null) =>
    actions.setExpiry.mutate(
      { id: document.id, expiresAt },
      {
        onSuccess: () => {
          setModal(null);
          notifySuccess(t('senderLifecycle.expirySaved'));
        },
        onError: notifyError,
      },
    );
  const onResend = () =>
    actions.resendCopy.mutate(document.id, {
      onSuccess: (copy) => {
        notifySuccess(t('senderLifecycle.copied'));
        navigate(`/documents/${copy.id}/edit`);
      },
      onError: notifyError,
    });

  return (
    <Alert
      color={status === 'awaiting' ? 'blue' : status === 'declined' ? 'red' : status === 'expired' ? 'yellow' : 'gray'}
      data-testid="document-lifecycle"
    >
      <Stack gap="xs">
        {status === 'awaiting' ? (
          <Text size="sm">{date ? t('senderLifecycle.expiresOn', { date }) : t('senderLifecycle.noExpiry')}</Text>
        ) : null}
        {status === 'expired' && date ? <Text size="sm">{t('senderLifecycle.expiredOn', { date })}</Text> : null}
        {status === 'declined' && ending ? (
          <Text size="sm" fw={700}>
            {t('senderLifecycle.declinedBy', {
              name: ending.signers.map((signer) => `${signer.name} (${signer.email})`).join(', '),
            })}
          </Text>
        ) : null}
        {status === 'voided' ? (
          <Text size="sm" fw={700}>
            {t('senderLifecycle.voidedBySender')}
          </Text>
        ) : null}
        {ending?.reason && (status === 'declined' || status === 'voided') ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('senderLifecycle.reason', { reason: ending.reason })}
          </Text>
        ) : null}
        {isEndedStatus(status) ? <Text size="sm">{t('senderLifecycle.endedHint')}</Text> : null}
        <Group gap="xs">
          {status === 'awaiting' || status === 'expired' ? (
            <Button size="xs" variant="default" onClick={() => setModal('expiry')}>
              {t(status === 'expired' ? 'senderLifecycle.extend' : 'senderLifecycle.changeExpiry')}
            </Button>
          ) : null}
          {status === 'awaiting' ? (
            <Button size="xs" variant="default" c="red.9" onClick={() => setModal('void')}>
              {t('senderLifecycle.void')}
            </Button>
          ) : null}
          {isEndedStatus(status) ? (
            <Button size="xs" onClick={onResend} loading={actions.resendCopy.isPending}>
              {t('senderLifecycle.editAndResend')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      {modal === 'void' ? (
        <VoidModal isPending={actions.voidDocument.isPending} onClose={() => setModal(null)} onVoid={onVoid} />
      ) : null}
      {modal === 'expiry' ? (
        <ExpiryModal
          expiresAt={document.expiresAt}
          isExpired={status === 'expired'}
          isPending={actions.setExpiry.isPending}
          onClose={() => setModal(null)}
          onSave={onSaveExpiry}
        />
      ) : null}
    </Alert>
  );
}
