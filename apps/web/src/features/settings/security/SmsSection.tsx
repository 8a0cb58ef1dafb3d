import { type PhoneForm, phoneForm, type User } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { notifySuccess } from '../../../api/notify';
import { afterSuccess } from '../../../api/query-client';
import { useFieldError } from '../../../forms/use-field-error';
import { useTranslation } from '../../../i18n';
import { useDisableSms, useSendSmsCode, useVerifyPhone } from './api';
import { CodeModal } from './CodeModal';

/** SMS two-factor: off, a number gets a code that turns it on; on, a code texted to it turns it off. */
export function SmsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const sendCode = useSendSmsCode();
  const verifyPhone = useVerifyPhone();
  const disableSms = useDisableSms();
  // The number a code was texted to, and why.
  const [pending, setPending] = useState<{ scope: 'verify' | 'disable'; phone: string } | null>(null);
  const form = useForm<PhoneForm>({
    resolver: zodResolver(phoneForm),
    mode: 'onTouched',
    defaultValues: { code: '+1', number: '' },
  });
  const { errors, isSubmitting, isValid } = form.formState;

  const onSendVerifyCode = form.handleSubmit(async (values) => {
    const phone = `${values.code}${values.number}`;
    await afterSuccess(sendCode.mutateAsync({ scope: 'verify', phone }), () => setPending({ scope: 'verify', phone }));
  });

  const onSendDisableCode = async () => {
    const phone = user.phoneNumber ?? '';
    await afterSuccess(sendCode.mutateAsync({ scope: 'disable', phone }), () =>
      setPending({ scope: 'disable', phone }),
    );
  };

  const onCode = async (code: string) => {
    if (pending === null) return;
    if (pending.scope === 'verify') {
      await verifyPhone.mutateAsync({ phone: pending.phone, code: Number(code) });
      notifySuccess(t('messages.phoneVerified'));
      form.reset();
    } else {
      await disableSms.mutateAsync(Number(code));
      notifySuccess(t('messages.twoFactorDisabled'));
    }
    setPending(null);
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3}>{t('security.smsTitle')}</Title>
        {user.isTwillio2fa ? (
          <>
            <Text size="sm">{t('security.smsOn', { phone: user.phoneNumber ?? '' })}</Text>
            <Group>
              <Button variant="default" onClick={onSendDisableCode} loading={sendCode.isPending}>
                {t('security.disable')}
              </Button>
              <Button variant="default" onClick={onSendDisableCode} loading={sendCode.isPending}>
                {t('security.changeNumber')}
              </Button>
            </Group>
          </>
        ) : (
          <form onSubmit={onSendVerifyCode} noValidate>
            <Stack gap="sm">
              <Text size="sm">{t('security.smsOff')}</Text>
              <Group align="flex-start" wrap="nowrap">
                <TextInput
                  label={t('security.countryCode')}
                  w={110}
                  maxLength={5}
                  inputMode="tel"
                  {...form.register('code')}
                  error={fieldError(errors.code?.message)}
                />
                <TextInput
                  label={t('security.phoneNumber')}
                  style={{ flex: 1 }}
                  maxLength={20}
                  inputMode="tel"
                  autoComplete="tel-national"
                  {...form.register('number')}
                  error={fieldError(errors.number?.message)}
                />
              </Group>
              <Group>
                <Button type="submit" loading={isSubmitting} disabled={!isValid || isSubmitting}>
                  {t('security.sendCode')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
      {pending !== null && (
        <CodeModal
          title={t('security.codeModalTitle')}
          intro={t('security.codeModalIntro', { phone: pending.phone })}
          label={t('security.smsCode')}
          onSubmit={onCode}
          onClose={() => setPending(null)}
        />
      )}
    </Card>
  );
}
