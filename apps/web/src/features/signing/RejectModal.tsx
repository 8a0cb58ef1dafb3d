import { REASON_MAX_LENGTH } from '@esign/shared';
import { Button, Group, Modal, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n';

/** An approver's 'Reject': the reason (required, at most 500 characters), then the confirming button. */
export function RejectModal(props: { isPending: boolean; onClose: () => void; onReject: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) props.onReject(reason.trim());
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('recipientRoles.rejectTitle')}
      closeButtonProps={{ 'aria-label': t('signing.close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Textarea
          label={t('recipientRoles.rejectReason')}
          description={t('recipientRoles.rejectReasonHint')}
          required
          autosize
          minRows={3}
          maxLength={REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={props.onClose}>
            {t('signing.cancel')}
          </Button>
          <Button type="submit" color="red" disabled={reason.trim() === ''} loading={props.isPending}>
            {t('recipientRoles.confirmReject')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
