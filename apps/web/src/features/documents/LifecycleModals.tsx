import { expiryDateOf, REASON_MAX_LENGTH } from '@esign/shared';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n';

/** 'Void document': a reason (required, up to REASON_MAX_LENGTH characters), then the confirmation. */
export function VoidModal(props: { isPending: boolean; onClose: () => void; onVoid: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [isTouched, setTouched] = useState(false);
  const isMissing = reason.trim() === '';
  return (
    <Modal opened onClose={props.onClose} title={t('senderLifecycle.voidTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!isMissing) props.onVoid(reason.trim());
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('senderLifecycle.voidIntro')}</Text>
          <Textarea
            label={t('lifecycle.reasonLabel')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={isTouched && isMissing ? t('lifecycle.reasonRequired') : null}
            description={t('lifecycle.reasonCount', { count: reason.length, max: REASON_MAX_LENGTH })}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('senderLifecycle.cancel')}
            </Button>
            <Button type="submit" color="red" loading={props.isPending}>
              {t('senderLifecycle.confirmVoid')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The expiry date: a day from today (the server checks it too), or none for a document that is not expired. */
export function ExpiryModal(props: {
  expiresAt: string | null;
  isExpired: boolean;
  isPending: boolean;
  onClose: () => void;
  onSave: (expiresAt: string | null) => void;
}) {
  const { t } = useTranslation();
  const today = expiryDateOf(new Date());
  const [date, setDate] = useState(props.expiresAt && !props.isExpired ? expiryDateOf(props.expiresAt) : '');
  return (
    <Modal opened onClose={props.onClose} title={t('senderLifecycle.expiryTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (date) props.onSave(date);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t(props.isExpired ? 'senderLifecycle.expiryExtendIntro' : 'senderLifecycle.expiryIntro')}
          </Text>
          <TextInput
            type="date"
            label={t('senderLifecycle.expiryLabel')}
            required
            min={today}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            {props.expiresAt && !props.isExpired ? (
              <Button variant="subtle" onClick={() => props.onSave(null)} disabled={props.isPending}>
                {t('senderLifecycle.removeExpiry')}
              </Button>
            ) : null}
            <Button variant="default" onClick={props.onClose}>
              {t('senderLifecycle.cancel')}
            </Button>
            <Button type="submit" loading={props.isPending} disabled={!date}>
              {t('senderLifecycle.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
