import { MESSAGES, signInRequest } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useSignIn } from './api';
import { EmailNotConfirmed } from './EmailNotConfirmed';
import { GoogleSignInButton } from './GoogleSignInButton';
import { PasskeySignInButton } from './PasskeySignInButton';
import { useFollowSignInAnswer } from './sign-in-answer';

const FIELDS = ['email', 'password'] as const;

/** /login. Errors show on the form itself, not as toasts. */
export function LoginPage() {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const fieldError = useFieldError();
  const followAnswer = useFollowSignInAnswer();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The server's single sign-on sends every failure here, alike.
  const [formError, setFormError] = useState<string | null>(
    searchParams.get('sso') === 'failed' ? t('sso.failed') : null,
  );
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(signInRequest),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isDirty, isSubmitting, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setUnconfirmedEmail(null);
    try {
      const answer = await signIn.mutateAsync(values);
      if (followAnswer(answer) === 'email_not_confirmed') setUnconfirmedEmail(values.email);
    } catch (error) {
      // The account of this address signs its people in through its identity provider.
      if (isApiError(error) && error.code === 'SSO_REQUIRED') {
        navigate('/login/sso', { state: { email: values.email, isRequired: true } });
        return;
      }
      const hasFieldErrors = setServerFieldErrors(error, form.setError, FIELDS);
      if (!hasFieldErrors) {
        setFormError(translateMessage(isApiError(error) ? error.message : MESSAGES.somethingWentWrong));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('login.title')}
        </Title>
        {formError !== null && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        {unconfirmedEmail !== null && <EmailNotConfirmed email={unconfirmedEmail} />}
        <TextInput
          label={t('account.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={fieldError(errors.email?.message)}
        />
        <PasswordInput
          label={t('account.password')}
          autoComplete="current-password"
          {...form.register('password')}
          error={fieldError(errors.password?.message)}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/reset" size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty || isSubmitting || !isValid}>
          {t('login.submit')}
        </Button>
        <PasskeySignInButton onError={(message) => setFormError(message && translateMessage(message))} />
        <GoogleSignInButton />
        <Button component={Link} to="/login/sso" variant="default">
          {t('sso.signInWithSso')}
        </Button>
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/signup">
            {t('common.signUp')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
