import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { ConfirmModal } from './ActionModals';
import { downloadZip, useDocumentActions } from './api';

/** Delete or download the selected documents (a zip built by the server). */
export function BulkActions({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const actions = useDocumentActions();
  const [isConfirming, setConfirming] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  if (selected.length === 0) return null;
  return (
    <Group gap="xs">
      <Button
        variant="light"
        loading={isDownloading}
        onClick={async () => {
          setDownloading(true);
          try {
            await downloadZip(selected);
            notifySuccess(t('messages.filesDownloaded'));
          } catch (error) {
            notifyError(error);
          } finally {
            setDownloading(false);
          }
        }}
      >
        {t('documents.downloadSelected', { count: selected.length })}
      </Button>
      <Button color="red" variant="light" onClick={() => setConfirming(true)}>
        {t('documents.deleteSelected', { count: selected.length })}
      </Button>
      <ConfirmModal
        opened={isConfirming}
        title={t('documents.confirmDelete.title')}
        text={t('documents.confirmDelete.text', { count: selected.length })}
        confirmLabel={t('documents.confirmDelete.confirm')}
        isBusy={actions.remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await actions.remove.mutateAsync(selected);
            notifySuccess(t('messages.documentsDeleted'));
            setConfirming(false);
            onDone();
          } catch {
            // The mutation cache shows the error (api/query-client.ts).
          }
        }}
      />
    </Group>
  );
}
