import type { ReassignSignerRequest } from '@esign/shared';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useReassignSigner } from './mutations';

/**
 * 'Reassign' on the signer page (issue 36): the new person's name and e-mail and the reason, checked by the server,
 * whose messages land on the fields. Loaded when first opened. Done, it says so and the page stops: the link died.
 */
export function ReassignModal(props: { documentId: string; signerId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const [values, setValues] = useState<ReassignSignerRequest>({ name: '', email: '', reason: '' });
  const reassign = useReassignSigner(props.documentId, props.signerId);
  const error = reassign.error && isApiError(reassign.error) ? reassign.error : null;
  const fieldError = (name: keyof ReassignSignerRequest) => {
    const message = error?.fieldErrors[name];
    return message ? translate(message) : undefined;
  };
  const hasFieldError = error !== null && Object.keys(error.fieldErrors).length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reassign.mutate(values);
  };
  const set = (name: keyof ReassignSignerRequest) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [name]: value }));
  };

  if (reassign.isSuccess) {
    return (
      <Modal opened onClose={() => {}} withCloseButton={false} title={t('reassign.doneTitle')} centered>
        <Text size="sm" role="status">
          {t('reassign.doneText', { name: values.name })}
        </Text>
      </Modal>
    );
  }
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('reassign.title')}
      centered
      closeButtonProps={{ 'aria-label': t('signing.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('reassign.intro')}</Text>
          <TextInput
            label={t('reassign.name')}
            required
            autoComplete="off"
            value={values.name}
            onChange={set('name')}
            error={fieldError('name')}
          />
          <TextInput
            label={t('reassign.email')}
            type="email"
            required
            autoComplete="off"
            value={values.email}
            onChange={set('email')}
            error={fieldError('email')}
          />
          <Textarea
            label={t('reassign.reason')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={values.reason}
            onChange={set('reason')}
            error={fieldError('reason')}
          />
          {error && !hasFieldError ? (
            <Text size="sm" c="red.8" role="alert">
              {translate(error.message)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('reassign.cancel')}
            </Button>
            <Button type="submit" loading={reassign.isPending}>
              {t('reassign.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
