import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { ConfirmModal } from '../documents/ActionModals';
import { useTemplateActions } from './api';

/** Delete the selected templates; documents already made from them keep their own copy. */
export function TemplateBulkActions({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { remove } = useTemplateActions();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <Group gap="xs">
      <Button color="red" variant="light" onClick={() => setConfirming(true)}>
        {t('documents.deleteSelected', { count: selected.length })}
      </Button>
      <ConfirmModal
        opened={isConfirming}
        title={t('templates.confirmDelete.title')}
        text={t('templates.confirmDelete.text', { count: selected.length })}
        confirmLabel={t('documents.confirmDelete.confirm')}
        isBusy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(selected);
            notifySuccess(t('messages.templatesDeleted'));
            setConfirming(false);
            onDone();
          } catch (error) {
            notifyError(error);
          }
        }}
      />
    </Group>
  );
}
