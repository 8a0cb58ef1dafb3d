import { type DocumentListItem, MESSAGES, signersOnTurn } from '@esign/shared';
import { Menu } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, notifyFailure, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { ConfirmDeleteModal, ConfirmModal, RemindModal, RenameModal, ShareModal } from './ActionModals';
import { signingLinkFor, useDocumentActions } from './api';
import { documentFile, downloadDocument, printDocument } from './document-files';
import { RowMenu } from './RowMenu';

type Dialog = 'resend' | 'rename' | 'share' | 'remind' | 'delete' | null;

/** Copies a text and says so: 'Copied to clipboard', or the forms list's 'Copied in clipboard' (the spec's two). */
export async function copyText(
  text: string,
  t: (key: `messages.${'copiedToClipboard' | 'copiedInClipboard'}`) => string,
  copied: 'copiedToClipboard' | 'copiedInClipboard' = 'copiedToClipboard',
) {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(t(`messages.${copied}`));
  } catch {
    notifyFailure(MESSAGES.copyFailed);
  }
}

/** A row's actions, by the document's state (sections 4 and 6); the server checks each again. */
export function RowActions({ item }: { item: DocumentListItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useDocumentActions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const title = item.title || t('documents.untitled');
  const onTurn = signersOnTurn(item, item.signers);
  // A teammate's document (the team's list): its owner's actions are theirs; the team may look, copy links, download.
  const isMine = item.owner.id === useCurrentUser().data?.id;
  const close = () => setDialog(null);
  const perform = (onError: (error: unknown) => void) => async (work: () => Promise<unknown>, success?: string) => {
    try {
      await work();
      if (success) notifySuccess(success);
      close();
    } catch (error) {
      onError(error);
    }
  };
  const run = perform(notifyError);
  /** Document mutations: the query client's mutation cache shows their errors, so they are not told twice. */
  const mutate = perform(() => {});

  return (
    <>
      <RowMenu title={title}>
        <Menu.Item onClick={() => navigate(`/documents/${item.id}/preview`)}>{t('documents.action.preview')}</Menu.Item>
        <Menu.Item onClick={() => navigate(`/documents/${item.id}/preview#document-activity`)}>
          {t('documents.action.activity')}
        </Menu.Item>
        {item.status === 'draft' && isMine ? (
          <>
            <Menu.Item onClick={() => navigate(`/documents/${item.id}/edit`)}>{t('documents.action.edit')}</Menu.Item>
            <Menu.Item onClick={() => setDialog('rename')}>{t('documents.action.rename')}</Menu.Item>
          </>
        ) : null}
        {item.status === 'awaiting' && isMine ? (
          <>
            <Menu.Item onClick={() => setDialog('resend')}>{t('documents.action.editResend')}</Menu.Item>
            {onTurn.length > 0 ? (
              <Menu.Item onClick={() => setDialog('remind')}>{t('documents.action.remind')}</Menu.Item>
            ) : null}
            {item.remindersDisabled ? (
              <Menu.Item
                onClick={() =>
                  mutate(() => actions.enableReminders.mutateAsync(item.id), t('documents.remindersEnabled'))
                }
              >
                {t('documents.action.enableReminders')}
              </Menu.Item>
            ) : (
              <Menu.Item
                onClick={() =>
                  mutate(() => actions.disableReminders.mutateAsync(item.id), t('messages.notificationsDisabled'))
                }
              >
                {t('documents.action.disableReminders')}
              </Menu.Item>
            )}
          </>
        ) : null}
        {item.status === 'awaiting' ? (
          <>
            {onTurn.map((signer) => (
              <Menu.Item
                key={signer.id}
                onClick={() => run(async () => copyText(await signingLinkFor(item.id, signer.id), t))}
              >
                {t('documents.action.copyLinkFor', { name: signer.name })}
              </Menu.Item>
            ))}
            {item.hasAccessCode && isMine ? (
              <Menu.Item onClick={() => run(async () => copyText((await documentFile(item.id)).codeAccess ?? '', t))}>
                {t('documents.action.copyPassword')}
              </Menu.Item>
            ) : null}
          </>
        ) : null}
        {item.status === 'completed' && isMine ? (
          <Menu.Item onClick={() => setDialog('share')}>{t('documents.action.share')}</Menu.Item>
        ) : null}
        <Menu.Item onClick={() => run(() => downloadDocument(item.id))}>{t('documents.action.download')}</Menu.Item>
        <Menu.Item onClick={() => run(() => printDocument(item.id))}>{t('documents.action.print')}</Menu.Item>
        {isMine ? (
          <>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => setDialog('delete')}>
              {t('documents.action.delete')}
            </Menu.Item>
          </>
        ) : null}
      </RowMenu>
      <ConfirmModal
        opened={dialog === 'resend'}
        title={t('documents.confirmResend.title')}
        text={t('documents.confirmResend.text')}
        confirmLabel={t('documents.confirmResend.confirm')}
        isBusy={actions.revert.isPending}
        onClose={close}
        onConfirm={() =>
          mutate(async () => {
            await actions.revert.mutateAsync(item.id);
            navigate(`/documents/${item.id}/edit`);
          })
        }
      />
      <ConfirmDeleteModal
        kind="documents"
        count={1}
        opened={dialog === 'delete'}
        isBusy={actions.remove.isPending}
        onClose={close}
        onConfirm={() => mutate(() => actions.remove.mutateAsync([item.id]), t('messages.documentsDeleted'))}
      />
      {dialog === 'rename' ? (
        <RenameModal
          opened
          initial={item.title}
          onClose={close}
          onSave={(newTitle) =>
            mutate(() => actions.rename.mutateAsync({ id: item.id, title: newTitle }), t('messages.documentUpdated'))
          }
        />
      ) : null}
      {dialog === 'share' ? (
        <ShareModal
          opened
          onClose={close}
          onSend={(emails) =>
            mutate(() => actions.share.mutateAsync({ id: item.id, emails }), t('messages.documentShared'))
          }
        />
      ) : null}
      {dialog === 'remind' ? (
        <RemindModal
          opened
          signers={onTurn}
          onClose={close}
          onSend={(signersIds) =>
            mutate(() => actions.remind.mutateAsync({ id: item.id, signersIds }), t('messages.remindersSent'))
          }
        />
      ) : null}
    </>
  );
}
