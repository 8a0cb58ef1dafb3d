import { MESSAGES } from '@esign/shared';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useConfirmEmail } from './api';
import { useAuthStatus } from './auth-status';

/** /confirm_email?emailConfirmationToken=: confirms on arrival, with Retry on failure. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('emailConfirmationToken');
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('confirmEmail.title')}
        </Title>
        {token ? <ConfirmEmail token={token} /> : <Text>{t('confirmEmail.missingToken')}</Text>}
      </Stack>
    </Paper>
  );
}

function ConfirmEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const isAuthorized = useAuthStatus() === 'authorized';
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // StrictMode runs effects twice in development; the link token must be used once.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    mutate(token);
  }, [mutate, token]);

  if (confirm.isSuccess) {
    return (
      <Stack gap="md" align="flex-start">
        <Text fw={600} role="status">
          {t('messages.emailConfirmed')}
        </Text>
        <Button component={Link} to={isAuthorized ? '/sign' : '/login'}>
          {t(isAuthorized ? 'common.goToSign' : 'common.logIn')}
        </Button>
      </Stack>
    );
  }

  if (confirm.isError) {
    const message = isApiError(confirm.error) ? confirm.error.message : MESSAGES.somethingWentWrong;
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="red" variant="light" role="alert" w="100%">
          {translateMessage(message)}
        </Alert>
        <Button onClick={() => mutate(token)}>{t('common.retry')}</Button>
      </Stack>
    );
  }

  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{t('confirmEmail.confirming')}</Text>
    </Group>
  );
}
