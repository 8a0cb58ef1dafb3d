import { REASON_MAX_LENGTH } from '@esign/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall } from '../../api/client';
import { notifyError } from '../../api/notify';
import { useTranslation } from '../../i18n';

/**
 * 'Decline to sign' (issue 36), loaded when first opened: the signer's reason (required, up to
 * REASON_MAX_LENGTH characters) and the confirmation in one step; once the server has declined the document,
 * `onDeclined`.
 */
export function DeclineModal(props: {
  documentId: string;
  signerId: string;
  senderName: string;
  onClose: () => void;
  onDeclined: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [isTouched, setTouched] = useState(false);
  const decline = useMutation({
    mutationFn: (text: string) =>
      apiCall('declineDocument', {
        params: { id: props.documentId, signerId: props.signerId },
        body: { reason: text },
      }),
  });
  const isMissing = reason.trim() === '';
  return (
    <Modal opened onClose={props.onClose} title={t('lifecycle.declineTitle')} fullScreen={false} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (isMissing) return;
          decline.mutate(reason.trim(), { onSuccess: props.onDeclined, onError: notifyError });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('lifecycle.declineIntro', { name: props.senderName })}</Text>
          <Textarea
            label={t('lifecycle.reasonLabel')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            maxLength={REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={isTouched && isMissing ? t('lifecycle.reasonRequired') : null}
            description={t('lifecycle.reasonCount', { count: reason.length, max: REASON_MAX_LENGTH })}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={props.onClose}>
              {t('lifecycle.keep')}
            </Button>
            <Button type="submit" color="red" loading={decline.isPending}>
              {t('lifecycle.confirmDecline')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
