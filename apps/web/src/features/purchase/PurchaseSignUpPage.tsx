import { MESSAGES, prepareSignUp, SIGN_UP_CODE_LENGTH } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { apiCall } from '../../api/client';
import { notifyError, notifyFailure, notifySuccess } from '../../api/notify';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { filteredValue } from '../../ui/filtered-value';
import { useKeepSession } from '../auth/api';
import { NewAccountFields } from '../auth/NewAccountFields';

type Values = { name: string; email: string; password: string };
const FIELDS = ['name', 'email', 'password'] as const;

/**
 * /signup/personal and /signup/business, logged out (spec part 1, section 4): the account's form, then the mailed
 * 10-character code (with Resend). Once confirmed ('User created') the session starts and the same address shows
 * the payment step (PurchasePaymentPage).
 */
export function PurchaseSignUpPage({ plan }: { plan: 'personal' | 'business' }) {
  const { t } = useTranslation();
  const _fieldError = useFieldError();
  const [pending, setPending] = useState<{ id: string; values: Values } | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(prepareSignUp.body),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const prepared = await apiCall('prepareSignUp', { body: values });
      // Spec part 1, section 8: a prepare step that answers without its account is 'an unexpected result'.
      if (!prepared?.id) {
        notifyFailure(MESSAGES.somethingWentWrongPlease);
        return;
      }
      setPending({ id: prepared.id, values });
    } catch (error) {
      if (setServerFieldErrors(error, form.setError, FIELDS)) return;
      const isExplained = isApiError(error) && error.code !== 'INTERNAL' && error.code !== 'NETWORK_ERROR';
      if (isExplained) notifyError(error);
      else notifyFailure(MESSAGES.somethingWentWrongComma);
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t(plan === 'business' ? 'purchase.titleBusiness' : 'purchase.titlePersonal')}
          </Title>
          <Text size="sm">{t('purchase.intro')}</Text>
          <NewAccountFields register={form.register} errors={errors} />
          <Button type="submit" loading={isSubmitting}>
            {t('purchase.continue')}
          </Button>
        </Stack>
      </form>
      {pending ? (
        <CodeModal
          pendingId={pending.id}
          email={pending.values.email}
          onResend={async () => {
            const { id } = await apiCall('prepareSignUp', { body: pending.values });
            setPending({ ...pending, id });
          }}
          onClose={() => setPending(null)}
        />
      ) : null}
    </>
  );
}

function CodeModal(props: { pendingId: string; email: string; onResend: () => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const keepSession = useKeepSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    try {
      const answer = await apiCall('signUpWithCode', { body: { userId: props.pendingId, confirmCode: code.trim() } });
      notifySuccess(t('messages.userCreated'));
      keepSession({ type: 'authorized', ...answer });
    } catch (failure) {
      setError(translateMessage(isApiError(failure) ? failure.message : t('messages.somethingWentWrong')));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={t('purchase.codeTitle')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('purchase.codeIntro', { email: props.email })}</Text>
          <TextInput
            label={t('purchase.code')}
            value={code}
            maxLength={SIGN_UP_CODE_LENGTH}
            autoComplete="one-time-code"
            onChange={(event) => setCode(filteredValue(event.currentTarget, (value) => value.toUpperCase()))}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={async () => {
                setError(null);
                setCode('');
                await props.onResend();
                notifySuccess(t('messages.emailSent'));
              }}
            >
              {t('purchase.resend')}
            </Button>
            <Button type="submit" disabled={code.trim().length !== SIGN_UP_CODE_LENGTH} loading={isBusy}>
              {t('purchase.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
