import { MESSAGES, shareDocumentRequest } from '@esign/shared';
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
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
  return (
    <EmailRowsModal
      opened={props.opened}
      onClose={props.onClose}
      onSend={props.onSend}
      title={t('documents.shareModal.title')}
      rowLabel={(n) => t('documents.shareModal.label', { n })}
      removeLabel={(index) => t('documents.shareModal.removeRow', { index })}
      addLabel={t('documents.shareModal.add')}
      sendLabel={t('documents.shareModal.send')}
      check={(emails) => {
        const parsed = shareDocumentRequest.safeParse({ recipients: emails.map((email) => ({ email })) });
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.invalidEmail);
      }}
    />
  );
}

/**
 * A modal of e-mail rows (one or more; 'add' appends one, each but the last can go), checked by `check` before
 * `onSend` gets the filled rows: sharing a document, inviting team members.
 */
export function EmailRowsModal(props: {
  opened: boolean;
  title: string;
  rowLabel: (n: number) => string;
  removeLabel: (n: number) => string;
  addLabel: string;
  sendLabel: string;
  /** The first message of what is wrong with the rows, or null. */
  check: (emails: string[]) => string | null;
  onSend: (emails: string[]) => void;
  onClose: () => void;
  isBusy?: boolean;
  /** Shown above the buttons (the seats an invitation charges). */
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  const [emails, setEmails] = useState(['']);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const filled = emails.map((email) => email.trim()).filter((email) => email !== '');
    const problem = props.check(filled);
    if (problem) {
      setError(problem);
      return;
    }
    props.onSend(filled);
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack>
        {emails.map((email, index) => (
          // Rows have no identity but their position.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} wrap="nowrap" align="end">
            <TextInput
              flex={1}
              type="email"
              label={props.rowLabel(index + 1)}
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
                aria-label={props.removeLabel(index + 1)}
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
        {props.note}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setEmails((rows) => [...rows, ''])}>
            {props.addLabel}
          </Button>
          <Button onClick={submit} loading={props.isBusy}>
            {props.sendLabel}
          </Button>
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
