import { MESSAGES } from '@esign/shared';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { useTranslation } from '../../../i18n';
import { useTranslateMessage } from '../../../i18n/use-translate-message';

/** Asks for a six-digit code (texted, or from the authenticator); the server's refusal shows in the modal. */
export function CodeModal(props: {
  title: string;
  intro: string;
  label: string;
  onSubmit: (code: string) => Promise<unknown>;
  onClose: () => void;
  /** Shown above the code (the QR image). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsSubmitting(true);
    try {
      await props.onSubmit(code.trim());
    } catch (failure) {
      setError(translateMessage(isApiError(failure) ? failure.message : MESSAGES.somethingWentWrong));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{props.intro}</Text>
          {props.children}
          {error !== null && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={props.label}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('security.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!/^\d{6}$/.test(code.trim())}>
              {t('security.verify')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
