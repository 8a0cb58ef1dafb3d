import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { BulkDeleteButton } from './ActionModals';
import { downloadZip, useDocumentActions } from './api';

/** Delete or download the selected documents (a zip built by the server). */
export function BulkActions({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const actions = useDocumentActions();
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
      <BulkDeleteButton
        kind="documents"
        selected={selected}
        remove={actions.remove}
        deleted={t('messages.documentsDeleted')}
        onDone={onDone}
      />
    </Group>
  );
}
