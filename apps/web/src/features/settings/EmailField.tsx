import { type ChangeEmailRequest, changeEmailRequest } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { notifySuccess } from '../../api/notify';
import { afterSuccess } from '../../api/query-client';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useChangeEmail } from './api';

/**
 * The e-mail with its Update Email button, apart from the profile's Save: enabled only when the address is changed
 * and valid; a modal shows the new address before the confirmation link is mailed to it. Keyed by the current
 * address, so it starts again once a change is confirmed. Disabled for a team's owner and admins (spec: for roles
 * other than user).
 */
export function EmailField({ currentEmail, isDisabled }: { currentEmail: string; isDisabled: boolean }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const change = useChangeEmail();
  const [pending, setPending] = useState<string | null>(null);
  const form = useForm<ChangeEmailRequest>({
    resolver: zodResolver(changeEmailRequest),
    mode: 'onChange',
    defaultValues: { email: currentEmail },
  });
  const typed = form.watch('email');
  const isChanged = typed.trim().toLowerCase() !== currentEmail;
  const { errors, isValid } = form.formState;

  const onAsk = form.handleSubmit((values) => setPending(values.email));
  const onConfirm = async () => {
    if (pending === null) return;
    await afterSuccess(change.mutateAsync({ email: pending }), () => {
      setPending(null);
      notifySuccess(t('messages.checkNewEmail'));
      // The address stays the current one until the mailed link is opened.
      form.reset({ email: currentEmail });
    });
  };

  return (
    <>
      <Group align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('settings.email')}
          type="email"
          autoComplete="email"
          disabled={isDisabled}
          description={isDisabled ? t('messages.emailChangeNotForRole') : undefined}
          {...form.register('email')}
          error={isChanged ? fieldError(errors.email?.message) : undefined}
        />
        <Button variant="light" mt={25} onClick={() => void onAsk()} disabled={isDisabled || !isChanged || !isValid}>
          {t('settings.updateEmail')}
        </Button>
      </Group>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('settings.emailModalTitle')} centered>
        <Stack>
          <Text>{t('settings.emailModalText', { email: pending ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('settings.cancel')}
            </Button>
            <Button onClick={() => void onConfirm()} loading={change.isPending}>
              {t('settings.emailModalConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
