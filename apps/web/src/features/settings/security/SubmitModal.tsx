import { MESSAGES } from '@esign/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { useTranslation } from '../../../i18n';
import { useTranslateMessage } from '../../../i18n/use-translate-message';

/**
 * A modal holding one small form of the security settings (a code, a passkey's name, the password): its intro, the
 * refusal shown above its fields (the server's, or what `browserFailure` makes of another), Cancel and its submit
 * button, busy while `onSubmit` runs.
 */
export function SubmitModal(props: {
  title: string;
  intro?: string;
  submit: string;
  canSubmit: boolean;
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  /** The words for a failure that is not the server's (the browser's own refusal of a passkey); null: none. */
  browserFailure?: (failure: unknown) => string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsSubmitting(true);
    try {
      await props.onSubmit();
    } catch (failure) {
      if (isApiError(failure)) setError(translateMessage(failure.message));
      else setError(props.browserFailure?.(failure) ?? translateMessage(MESSAGES.somethingWentWrong));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {props.intro && <Text size="sm">{props.intro}</Text>}
          {error !== null && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {props.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('security.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!props.canSubmit}>
              {props.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
