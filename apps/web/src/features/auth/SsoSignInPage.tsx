import { emailOnlyRequest } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../api/api-error';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useStartSsoSignIn } from './sso-api';

/**
 * /login/sso: the work address, whose domain picks the organisation's identity provider; the browser then goes
 * there. Every failure reads the same (the server's vague answer).
 */
export function SsoSignInPage() {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const fieldError = useFieldError();
  const start = useStartSsoSignIn();
  const location = useLocation();
  const given = location.state as { email?: string; isRequired?: boolean } | null;
  const givenEmail = given?.email ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(emailOnlyRequest),
    mode: 'onTouched',
    defaultValues: { email: givenEmail },
  });
  const { errors, isSubmitting, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { url } = await start.mutateAsync(values.email);
      window.location.assign(url);
    } catch (error) {
      if (setServerFieldErrors(error, form.setError, ['email'])) return;
      const isVague = isApiError(error) && error.code === 'LINK_INVALID';
      setFormError(
        isVague ? t('sso.failed') : translateMessage(isApiError(error) ? error.message : 'Something went wrong'),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('sso.title')}
        </Title>
        {given?.isRequired && (
          <Alert color="blue" variant="light" role="status">
            {t('sso.required')}
          </Alert>
        )}
        <Text size="sm">{t('sso.intro')}</Text>
        {formError !== null && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label={t('account.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={fieldError(errors.email?.message)}
        />
        <Button type="submit" loading={isSubmitting} disabled={isSubmitting || !isValid}>
          {t('sso.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('sso.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
