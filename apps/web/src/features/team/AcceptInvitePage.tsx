import { newPassword, personName } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { notifyError, notifySuccess } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useKeepSession } from '../auth/api';
import { useAcceptInvite } from './api';

const accountFields = z.object({ name: personName, password: newPassword });

/**
 * The links this page load has sent: signing the new member in swaps the logged-out routes for the logged-in ones,
 * which mount this page again before the navigation away lands, and a link is spent once.
 */
const sentTokens = new Set<string>();

/**
 * /teams/{teamId}/accept_invite?invitationToken=: accepts at once ('Invite accepted.', then /). An address without
 * an account is asked for a name and a password first ('Create account and join'), and the account made is signed
 * in. Any failure is told and goes to /.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const teamId = useParams().teamId ?? '';
  const token = useSearchParams()[0].get('invitationToken') ?? '';
  const accept = useAcceptInvite();
  const keepSession = useKeepSession();
  const [invited, setInvited] = useState<{ email: string; owner: string } | null>(null);
  const fieldError = useFieldError();
  const form = useForm({
    resolver: zodResolver(accountFields),
    mode: 'onTouched',
    defaultValues: { name: '', password: '' },
  });

  const send = async (account?: z.infer<typeof accountFields>) => {
    try {
      const answer = await accept.mutateAsync({ teamId, token, ...account });
      if (answer.status === 'account_needed') {
        setInvited({ email: answer.email, owner: answer.teamOwnerName });
        return;
      }
      notifySuccess(answer.message);
      if (answer.session) {
        navigate('/', { replace: true });
        keepSession({ type: 'authorized', ...answer.session });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() });
    } catch (error) {
      notifyError(error);
    }
    navigate('/', { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is accepted once, when the page opens
  useEffect(() => {
    if (sentTokens.has(token)) return;
    sentTokens.add(token);
    if (!teamId || !token) navigate('/', { replace: true });
    else void send();
  }, []);

  if (!invited) {
    return (
      <Stack align="center" gap="sm" py="xl">
        <Loader aria-hidden />
        <Text>{t('acceptInvite.accepting')}</Text>
      </Stack>
    );
  }
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((values) => send(values))} noValidate>
      <Stack gap="md" maw={420} mx="auto" py="xl">
        <Title order={1} size="h2">
          {t('acceptInvite.title')}
        </Title>
        <Text>{t('acceptInvite.needsAccount', { owner: invited.owner, email: invited.email })}</Text>
        <TextInput
          label={t('acceptInvite.name')}
          autoComplete="name"
          {...form.register('name')}
          error={fieldError(errors.name?.message)}
        />
        <PasswordInput
          label={t('acceptInvite.password')}
          autoComplete="new-password"
          {...form.register('password')}
          error={fieldError(errors.password?.message)}
        />
        <Button type="submit" loading={isSubmitting}>
          {t('acceptInvite.submit')}
        </Button>
      </Stack>
    </form>
  );
}
