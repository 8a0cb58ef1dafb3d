import { emailOnlyRequest } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useSendPasswordResetMail } from './api';

/** /reset: request a password reset link. The answer is deliberately vague. */
export function ResetPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const sendResetMail = useSendPasswordResetMail();
  const form = useForm({ resolver: zodResolver(emailOnlyRequest), mode: 'onTouched', defaultValues: { email: '' } });
  const { errors, isDirty, isSubmitting, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await sendResetMail.mutateAsync(values.email);
    } catch (error) {
      setServerFieldErrors(error, form.setError, ['email']);
    }
  });

  const backToLogin = (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      {t('reset.backToLogin')}
    </Anchor>
  );

  if (sendResetMail.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('messages.checkInbox')}
        </Title>
        <Text>{t('messages.passwordResetSent')}</Text>
        {backToLogin}
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('reset.title')}
        </Title>
        <Text size="sm">{t('reset.intro')}</Text>
        <TextInput
          label={t('account.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={fieldError(errors.email?.message)}
        />
        <Button type="submit" loading={isSubmitting} disabled={!isDirty || isSubmitting || !isValid}>
          {t('reset.submit')}
        </Button>
        {backToLogin}
      </Stack>
    </form>
  );
}
