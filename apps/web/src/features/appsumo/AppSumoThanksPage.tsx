import { APPSUMO_TIERS, signInAppSumoRequest } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { apiCall, type ResponseOf } from '../../api/client';
import { notifyError } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useAuthStatus } from '../auth/auth-status';
import type { ConfirmAccountState } from '../auth/ConfirmAccountPage';
import { NewAccountFields } from '../auth/NewAccountFields';

type Answer = ResponseOf<'signInAppSumo'>;
const FIELDS = ['name', 'email', 'password'] as const;

/**
 * /appsumo_thanks?appSumoToken= (spec part 1, sections 2 and 4): the lifetime-deal link. The token (a lifetime code)
 * is sent once: logged in, it is redeemed on the account and the page thanks; logged out, a good code asks for the
 * new account's details (then the address is confirmed by mail). Any error is shown and the page goes to /.
 */
export function AppSumoThanksPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('appSumoToken');
  if (!token) return <Navigate to="/" replace />;
  return <AppSumoThanks token={token} />;
}

function AppSumoThanks({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLoggedIn = useAuthStatus() === 'authorized';
  const [answer, setAnswer] = useState<Answer | null>(null);
  // Sent once per page, also when development mode runs the effect twice (a second send would be refused).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    apiCall('signInAppSumo', { body: { token } })
      .then(async (result) => {
        if (result.type === 'redeemed') {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: queryKeys.billing.all() }),
            queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
          ]);
        }
        setAnswer(result);
      })
      .catch((error: unknown) => {
        notifyError(error);
        navigate('/', { replace: true });
      });
  }, [token, navigate, queryClient]);

  if (answer === null) return <Text c="dimmed">{t('appSumo.checking')}</Text>;
  return (
    <Card withBorder radius="md" padding="xl" maw={520} mx="auto">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size="lg" radius="xl" color="green" aria-hidden>
            ✓
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('appSumo.thanksTitle')}
          </Title>
        </Group>
        {answer.type === 'redeemed' ? (
          <Redeemed codes={answer.appSumoCodes} isLoggedIn={isLoggedIn} />
        ) : (
          <SignUpWithCode token={token} />
        )}
      </Stack>
    </Card>
  );
}

function Redeemed({ codes, isLoggedIn }: { codes: number; isLoggedIn: boolean }) {
  const { t } = useTranslation();
  const tier = APPSUMO_TIERS.find((entry) => entry.codes === codes) ?? APPSUMO_TIERS[APPSUMO_TIERS.length - 1];
  return (
    <>
      <Text>{t('appSumo.redeemed', { plan: tier?.name ?? '' })}</Text>
      <Text size="sm" c="dimmed">
        {tier && tier.users < 0 ? t('appSumo.unlimitedUsers') : t('appSumo.users', { count: tier?.users ?? 3 })}
      </Text>
      {isLoggedIn ? (
        <Group>
          <Button component={Link} to="/settings/billing">
            {t('appSumo.toBilling')}
          </Button>
          <Button component={Link} to="/sign" variant="default">
            {t('appSumo.startSigning')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}

function SignUpWithCode({ token }: { token: string }) {
  const { t } = useTranslation();
  const _fieldError = useFieldError();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(signInAppSumoRequest.required({ name: true, email: true, password: true })),
    mode: 'onTouched',
    defaultValues: { token, name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await apiCall('signInAppSumo', { body: values });
      if (result.type !== 'email_confirmation_required') return;
      const state: ConfirmAccountState = { confirmationRequired: true, email: result.email };
      navigate('/confirm-account', { state });
    } catch (error) {
      if (!setServerFieldErrors(error, form.setError, FIELDS)) {
        notifyError(error);
        navigate('/', { replace: true });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('appSumo.createAccount')}</Text>
        <NewAccountFields register={form.register} errors={errors} />
        <Button type="submit" loading={isSubmitting}>
          {t('appSumo.activate')}
        </Button>
        <Text size="sm">
          {t('appSumo.hasAccount')}{' '}
          <Anchor component={Link} to="/login">
            {t('common.logIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
