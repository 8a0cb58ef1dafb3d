import { MESSAGES, shareDocumentRequest } from '@esign/shared';
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { translateMessage } from '../../i18n/translate-message';

export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack>
        <Text size="sm">{props.text}</Text>
        <Group justify="end">
          <Button variant="default" onClick={props.onClose}>
            {t('documents.cancel')}
          </Button>
          <Button color="red" loading={props.isBusy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const DELETE_TEXTS = {
  documents: { title: 'documents.confirmDelete.title', text: 'documents.confirmDelete.text' },
  templates: { title: 'templates.confirmDelete.title', text: 'templates.confirmDelete.text' },
  forms: { title: 'forms.confirmDelete.title', text: 'forms.confirmDelete.text' },
} as const;

/** The confirmation before deleting documents or templates: one (a row's action) or the selected ones. */
export function ConfirmDeleteModal(props: {
  kind: keyof typeof DELETE_TEXTS;
  count: number;
  opened: boolean;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { kind, count, ...modal } = props;
  return (
    <ConfirmModal
      {...modal}
      title={t(DELETE_TEXTS[kind].title)}
      text={t(DELETE_TEXTS[kind].text, { count })}
      confirmLabel={t('documents.confirmDelete.confirm')}
    />
  );
}

/**
 * 'Delete selected' with its confirmation, for a list's bulk actions: `remove` deletes the ids, then `deleted`
 * shows and `onDone` clears the selection. A failure keeps the modal open; `onError` shows it where the mutation
 * does not already (api/query-client.ts).
 */
export function BulkDeleteButton(props: {
  kind: keyof typeof DELETE_TEXTS;
  selected: string[];
  remove: { mutateAsync: (ids: string[]) => Promise<unknown>; isPending: boolean };
  deleted: string;
  onDone: () => void;
  onError?: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [isConfirming, setConfirming] = useState(false);
  const { remove, selected } = props;
  return (
    <>
      <Button color="red" variant="light" onClick={() => setConfirming(true)}>
        {t('documents.deleteSelected', { count: selected.length })}
      </Button>
      <ConfirmDeleteModal
        kind={props.kind}
        count={selected.length}
        opened={isConfirming}
        isBusy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(selected);
            notifySuccess(props.deleted);
            setConfirming(false);
            props.onDone();
          } catch (error) {
            props.onError?.(error);
          }
        }}
      />
    </>
  );
}

export function RenameModal(props: {
  opened: boolean;
  /** The modal's title; 'Rename document' when not given. */
  title?: string;
  initial: string;
  onSave: (title: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(props.initial);
  const error =
    title.trim() === '' ? t('messages.required') : title.length > 100 ? t('messages.maxLength100') : undefined;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title ?? t('documents.renameModal.title')}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!error) props.onSave(title.trim());
        }}
      >
        <Stack>
          <TextInput
            label={t('documents.renameModal.label')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="end">
            <Button type="submit" disabled={error !== undefined}>
              {t('documents.renameModal.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Viewers by e-mail: at least one, each checked with the server's own schema. */
export function ShareModal(props: { opened: boolean; onSend: (emails: string[]) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [emails, setEmails] = useState(['']);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = shareDocumentRequest.safeParse({
      recipients: emails.filter((email) => email.trim() !== '').map((email) => ({ email })),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.invalidEmail);
      return;
    }
    props.onSend(parsed.data.recipients.map((recipient) => recipient.email));
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('documents.shareModal.title')} centered>
      <Stack>
        {emails.map((email, index) => (
          // Rows have no identity but their position.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} wrap="nowrap" align="end">
            <TextInput
              flex={1}
              type="email"
              label={t('documents.shareModal.label', { n: index + 1 })}
              value={email}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setEmails((rows) => rows.map((row, at) => (at === index ? value : row)));
                setError(null);
              }}
            />
            {emails.length > 1 ? (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('documents.shareModal.removeRow', { index: index + 1 })}
                onClick={() => setEmails((rows) => rows.filter((_, at) => at !== index))}
              >
                ×
              </ActionIcon>
            ) : null}
          </Group>
        ))}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {translateMessage(error, t)}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setEmails((rows) => [...rows, ''])}>
            {t('documents.shareModal.add')}
          </Button>
          <Button onClick={submit}>{t('documents.shareModal.send')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function RemindModal(props: {
  opened: boolean;
  signers: { id: string; name: string; email: string }[];
  onSend: (ids: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(props.signers.map((signer) => signer.id));
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('documents.remindModal.title')} centered>
      <Stack>
        <Text size="sm">{t('documents.remindModal.text')}</Text>
        <Checkbox.Group value={chosen} onChange={setChosen}>
          <Stack gap="xs">
            {props.signers.map((signer) => (
              <Checkbox
                key={signer.id}
                value={signer.id}
                label={t('common.nameAndEmail', { name: signer.name, email: signer.email })}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="end">
          <Button disabled={chosen.length === 0} onClick={() => props.onSend(chosen)}>
            {t('documents.remindModal.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
