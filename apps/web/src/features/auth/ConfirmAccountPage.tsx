import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../i18n';
import { useSendConfirmationEmail } from './api';

/** The navigation state that /confirm-account needs; sign-up passes it. */
export interface ConfirmAccountState {
  confirmationRequired: true;
  email: string;
}

function isConfirmAccountState(state: unknown): state is ConfirmAccountState {
  if (typeof state !== 'object' || state === null) return false;
  const candidate = state as Partial<ConfirmAccountState>;
  return candidate.confirmationRequired === true && typeof candidate.email === 'string';
}

/** /confirm-account: 'confirm your email', reachable only right after sign-up. */
export function ConfirmAccountPage() {
  const { state } = useLocation();
  if (!isConfirmAccountState(state)) return <Navigate to="/" replace />;
  return <ConfirmAccount email={state.email} />;
}

function ConfirmAccount({ email }: { email: string }) {
  const { t } = useTranslation();
  const sendAgain = useSendConfirmationEmail();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('confirmAccount.title')}
      </Title>
      <Text>{t('confirmAccount.sentTo', { email })}</Text>
      <Text size="sm">{t('confirmAccount.notReceived')}</Text>
      {sendAgain.isSuccess ? (
        <Text fw={600} role="status">
          {t('messages.emailSent')}
        </Text>
      ) : (
        <Button variant="default" loading={sendAgain.isPending} onClick={() => sendAgain.mutate(email)}>
          {t('common.sendAgain')}
        </Button>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('common.logIn')}
      </Anchor>
    </Stack>
  );
}
