import { Group } from '@mantine/core';
import { notifyError } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { BulkDeleteButton } from '../documents/ActionModals';
import { useTemplateActions } from './api';

/** Delete the selected templates; documents already made from them keep their own copy. */
export function TemplateBulkActions({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { remove } = useTemplateActions();
  return (
    <Group gap="xs">
      <BulkDeleteButton
        kind="templates"
        selected={selected}
        remove={remove}
        deleted={t('messages.templatesDeleted')}
        onDone={onDone}
        // The template actions show their errors themselves (the quota's opens the upgrade modal).
        onError={notifyError}
      />
    </Group>
  );
}
