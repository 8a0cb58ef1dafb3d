import { passwordPair } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useChangePassword } from './api';
import { useAuthStatus } from './auth-status';

const FIELDS = ['password', 'passwordConfirmation'] as const;

/** /change_password?passwordResetToken=: set a new password from the reset e-mail's link. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('passwordResetToken');
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={440} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('changePassword.title')}
        </Title>
        {token ? <ChangePasswordForm token={token} /> : <MissingToken />}
      </Stack>
    </Paper>
  );
}

function MissingToken() {
  const { t } = useTranslation();
  return (
    <>
      <Text>{t('changePassword.missingToken')}</Text>
      <RequestNewLink />
    </>
  );
}

function RequestNewLink(): ReactNode {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/reset">
      {t('changePassword.requestNewLink')}
    </Anchor>
  );
}

function ChangePasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const isAuthorized = useAuthStatus() === 'authorized';
  const changePassword = useChangePassword();
  const form = useForm({
    resolver: zodResolver(passwordPair),
    mode: 'onTouched',
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const { errors, isDirty, isSubmitting, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync({ ...values, token });
    } catch (error) {
      setServerFieldErrors(error, form.setError, FIELDS);
    }
  });

  if (changePassword.isSuccess) {
    return (
      <>
        <Text fw={600} role="status">
          {t('messages.passwordChanged')}
        </Text>
        <Anchor component={Link} to={isAuthorized ? '/sign' : '/login'}>
          {t(isAuthorized ? 'common.goToSign' : 'common.logIn')}
        </Anchor>
      </>
    );
  }

  const isLinkInvalid = isApiError(changePassword.error) && changePassword.error.code === 'LINK_INVALID';
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {isLinkInvalid && (
          <Alert color="red" variant="light">
            <RequestNewLink />
          </Alert>
        )}
        <PasswordInput
          label={t('account.password')}
          autoComplete="new-password"
          {...form.register('password', {
            // The confirmation is checked again as the password changes only once it was left: checked while still
            // untouched, its error showed under the empty box, stayed while it was typed, and went with the click's
            // blur, moving the button from under the pointer (the first click was lost).
            onChange: () => {
              if (form.getFieldState('passwordConfirmation').isTouched) void form.trigger('passwordConfirmation');
            },
          })}
          error={fieldError(errors.password?.message)}
        />
        <PasswordInput
          label={t('account.confirmPassword')}
          autoComplete="new-password"
          {...form.register('passwordConfirmation')}
          error={fieldError(errors.passwordConfirmation?.message)}
        />
        <Button type="submit" loading={isSubmitting} disabled={!isDirty || isSubmitting || !isValid}>
          {t('changePassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
