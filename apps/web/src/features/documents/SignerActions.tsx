import {
  type Document,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Signer,
  type UpdateRecipientRequest,
} from '@esign/shared';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../api/notify';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { startInPersonSigning, useRecipientActions } from './recipients-api';

interface EditValues {
  name: string;
  email: string;
  accessCode: string;
  language: string;
}

/**
 * A pending signer's actions on a sent document's page (issue 36): 'Edit' (a correction: the old link dies and a
 * new invitation goes out) and 'Sign in person' (this device handed to them after a confirmation).
 */
export function SignerActions({ document, signer }: { document: Document; signer: Signer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isEditing, setEditing] = useState(false);
  const [isHosting, setHosting] = useState(false);
  const [isStarting, setStarting] = useState(false);
  // A correction is the owner's (`document.manage`); hosting a signing is whoever may copy a signer's link.
  const isOwner = useCurrentUser().data?.id === document.userId;
  if (document.status !== 'awaiting' || signer.isPreparer || signer.isFinished) return null;
  const onStart = () => {
    setStarting(true);
    startInPersonSigning(document.id, signer.id)
      .then((path) => navigate(path))
      .catch((error: unknown) => {
        setStarting(false);
        notifyError(error);
      });
  };
  return (
    <Group gap="xs">
      {isOwner ? (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={t('recipients.editLabel', { name: signer.name })}
          onClick={() => setEditing(true)}
        >
          {t('recipients.edit')}
        </Button>
      ) : null}
      <Button
        size="compact-sm"
        variant="light"
        aria-label={t('recipients.inPersonLabel', { name: signer.name })}
        onClick={() => setHosting(true)}
      >
        {t('recipients.inPerson')}
      </Button>
      {isEditing ? <EditSignerModal document={document} signer={signer} onClose={() => setEditing(false)} /> : null}
      <Modal
        opened={isHosting}
        onClose={() => setHosting(false)}
        title={t('recipients.inPersonTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('recipients.cancel') }}
      >
        <Stack>
          <Text size="sm">{t('recipients.inPersonText', { name: signer.name })}</Text>
          <Group justify="end">
            <Button variant="default" onClick={() => setHosting(false)}>
              {t('recipients.cancel')}
            </Button>
            <Button loading={isStarting} onClick={onStart}>
              {t('recipients.inPersonStart')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

function EditSignerModal(props: { document: Document; signer: Signer; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { update } = useRecipientActions(props.document.id);
  // Checked by the server's contract, whose messages land on the fields.
  const form = useForm<EditValues>({
    defaultValues: {
      name: props.signer.name,
      email: props.signer.email,
      accessCode: '',
      language: props.signer.language ?? '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { signerId: props.signer.id, body: toRequest(values) },
      {
        onSuccess: () => {
          notifySuccess(t('recipients.saved'));
          props.onClose();
        },
        onError: (error) => {
          if (!setServerFieldErrors(error, form.setError, ['name', 'email', 'accessCode'])) notifyError(error);
        },
      },
    ),
  );
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('recipients.editTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('recipients.cancel') }}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack>
          <Text size="sm">{t('recipients.editIntro')}</Text>
          <TextInput label={t('recipients.name')} {...form.register('name')} error={fieldError(errors.name?.message)} />
          <TextInput
            label={t('recipients.email')}
            type="email"
            {...form.register('email')}
            error={fieldError(errors.email?.message)}
          />
          <TextInput
            label={t('recipients.accessCode')}
            description={t('recipients.accessCodeDescription')}
            autoComplete="off"
            {...form.register('accessCode')}
            error={fieldError(errors.accessCode?.message)}
          />
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <NativeSelect
                label={t('recipients.language')}
                data={[
                  { value: '', label: t('recipients.languageDocument') },
                  ...LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] })),
                ]}
                value={field.value}
                onChange={(event) => field.onChange(event.currentTarget.value)}
              />
            )}
          />
          <Group justify="end">
            <Button variant="default" onClick={props.onClose}>
              {t('recipients.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('recipients.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The form as the correction's body: an empty access code keeps the current one. */
function toRequest(values: EditValues): UpdateRecipientRequest {
  return {
    name: values.name,
    email: values.email,
    ...(values.accessCode.trim() ? { accessCode: values.accessCode } : {}),
    language: isLanguage(values.language) ? values.language : null,
  };
}
