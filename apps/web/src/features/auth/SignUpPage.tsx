import { signUpRequest } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useSignUp } from './api';
import type { ConfirmAccountState } from './ConfirmAccountPage';
import { GoogleSignInButton } from './GoogleSignInButton';
import { NewAccountFields } from './NewAccountFields';

const FIELDS = ['name', 'email', 'password'] as const;

/** /signup: the free account form, prefilled from ?name= and ?email=. */
export function SignUpPage() {
  const { t } = useTranslation();
  const _fieldError = useFieldError();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signUp = useSignUp();
  const form = useForm({
    resolver: zodResolver(signUpRequest),
    mode: 'onTouched',
    defaultValues: { name: searchParams.get('name') ?? '', email: searchParams.get('email') ?? '', password: '' },
  });
  const { errors, isDirty, isSubmitting, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await signUp.mutateAsync(values);
      const state: ConfirmAccountState = { confirmationRequired: true, email: answer.email };
      navigate('/confirm-account', { state });
    } catch (error) {
      setServerFieldErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('signUp.title')}
        </Title>
        <NewAccountFields register={form.register} errors={errors} />
        <Button type="submit" loading={isSubmitting} disabled={!isDirty || isSubmitting || !isValid}>
          {t('signUp.submit')}
        </Button>
        <GoogleSignInButton />
        <Text size="sm" ta="center">
          {t('signUp.hasAccount')}{' '}
          <Anchor component={Link} to="/login">
            {t('common.logIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
