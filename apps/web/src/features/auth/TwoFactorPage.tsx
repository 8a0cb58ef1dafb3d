import { MESSAGES } from '@esign/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { focusOnMount } from '../../ui/focus-on-mount';
import { useCompleteTwoFactor, usePasskeySignIn } from './api';
import { passkeyFailureMessage, type TwoFactorStep } from './sign-in-answer';

function isTwoFactorStep(value: unknown): value is TwoFactorStep {
  return typeof value === 'object' && value !== null && 'twoFactorToken' in value && 'twoFactorType' in value;
}

/**
 * /two-factor: the sign-in's second step. SMS asks for the texted digits; the authenticator for its code or one of
 * the backup codes; a user with a passkey may use it instead. Errors show on the page (the spec: two-factor login shows the error text directly).
 */
export function TwoFactorPage() {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const navigate = useNavigate();
  const { state } = useLocation();
  const complete = useCompleteTwoFactor();
  const passkey = usePasskeySignIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSessionOver, setIsSessionOver] = useState(false);

  if (!isTwoFactorStep(state)) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('twoFactor.title')}
        </Title>
        <Text>{t('twoFactor.noStep')}</Text>
        <Button component={Link} to="/login">
          {t('twoFactor.backToLogin')}
        </Button>
      </Stack>
    );
  }
  const isSms = state.twoFactorType === 'twillio';
  const trimmed = code.trim();
  const isComplete = isSms ? /^\d{6}$/.test(trimmed) : trimmed.length >= 6;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await complete.mutateAsync({ ...state, code: trimmed });
      navigate('/sign', { replace: true });
    } catch (failure) {
      const isApi = isApiError(failure);
      // A spent, expired or limited step cannot be retried: the user signs in again.
      setIsSessionOver(isApi && (failure.code === 'LINK_INVALID' || failure.code === 'TOO_MANY_REQUESTS'));
      setError(translateMessage(isApi ? failure.message : MESSAGES.somethingWentWrong));
    }
  };

  const onPasskey = async () => {
    setError(null);
    try {
      await passkey.mutateAsync(state.twoFactorToken);
      navigate('/sign', { replace: true });
    } catch (failure) {
      setIsSessionOver(isApiError(failure) && ['LINK_INVALID', 'TOO_MANY_REQUESTS'].includes(failure.code));
      setError(translateMessage(passkeyFailureMessage(failure)));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('twoFactor.title')}
        </Title>
        <Text size="sm">
          {isSms ? t('twoFactor.smsIntro', { hint: state.phoneHint ?? '' }) : t('twoFactor.authenticatorIntro')}
        </Text>
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={isSms ? t('twoFactor.smsCode') : t('twoFactor.authenticatorCode')}
          description={isSms ? undefined : t('twoFactor.backupHint')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="one-time-code"
          inputMode={isSms ? 'numeric' : 'text'}
          maxLength={isSms ? 6 : 20}
          ref={focusOnMount}
          disabled={isSessionOver}
        />
        <Button type="submit" loading={complete.isPending} disabled={!isComplete || isSessionOver}>
          {t('twoFactor.submit')}
        </Button>
        {state.hasPasskey && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed" ta="center">
              {t('twoFactor.orPasskey')}
            </Text>
            <Button variant="default" onClick={onPasskey} loading={passkey.isPending} disabled={isSessionOver}>
              {t('twoFactor.usePasskey')}
            </Button>
          </Stack>
        )}
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('twoFactor.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
