import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { useSendConfirmationEmail } from './api';

/** Tells the user their e-mail is not confirmed and offers to send the link again. */
export function EmailNotConfirmed({ email }: { email: string }) {
  const { t } = useTranslation();
  const sendAgain = useSendConfirmationEmail();
  return (
    <Alert color="blue" variant="light" title={t('login.notConfirmedTitle')} role="status">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('login.notConfirmed')}</Text>
        {sendAgain.isSuccess ? (
          <Text size="sm" fw={600}>
            {t('messages.emailSent')}
          </Text>
        ) : (
          <Button size="xs" variant="default" loading={sendAgain.isPending} onClick={() => sendAgain.mutate(email)}>
            {t('common.sendAgain')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
