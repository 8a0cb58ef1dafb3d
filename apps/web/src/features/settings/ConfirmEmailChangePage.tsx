import { MESSAGES } from '@esign/shared';
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useAuthStatus } from '../auth/auth-status';
import { useConfirmEmailChange } from './api';

/** /confirm_email_change?token=: the mailed link of an e-mail change; the new address takes over when it opens. */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const token = useSearchParams()[0].get('token');
  const isAuthorized = useAuthStatus() === 'authorized';
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  // The link's token works once: StrictMode's second effect run must not spend it again.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    mutate(token);
  }, [mutate, token]);

  const failure = !token
    ? MESSAGES.linkInvalid
    : confirm.isError
      ? isApiError(confirm.error)
        ? confirm.error.message
        : MESSAGES.somethingWentWrong
      : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2">
          {t('settings.confirmEmailChangeTitle')}
        </Title>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert" w="100%">
            {translate(failure)}
          </Alert>
        )}
        {confirm.isPending && (
          <Text role="status">
            <Loader size="xs" mr="xs" aria-hidden />
            {t('settings.confirmingEmailChange')}
          </Text>
        )}
        {confirm.isSuccess && (
          <Text fw={600} role="status">
            {translate(confirm.data.message)}
          </Text>
        )}
        {(confirm.isSuccess || failure !== null) && (
          <Button component={Link} to={isAuthorized ? '/settings/profile' : '/login'}>
            {t(isAuthorized ? 'settings.title' : 'common.logIn')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
