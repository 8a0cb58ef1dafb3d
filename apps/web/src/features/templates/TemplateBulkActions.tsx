import { Group } from '@mantine/core';
import { notifyError } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { BulkDeleteButton } from '../documents/ActionModals';
import { useTemplateActions } from './api';

/** Delete the selected templates (or forms); documents already made from them keep their own copy. */
export function TemplateBulkActions({
  selected,
  onDone,
  kind = 'templates',
}: {
  selected: string[];
  onDone: () => void;
  kind?: 'templates' | 'forms';
}) {
  const { t } = useTranslation();
  const { remove } = useTemplateActions();
  return (
    <Group gap="xs">
      <BulkDeleteButton
        kind={kind}
        selected={selected}
        remove={remove}
        deleted={t(kind === 'forms' ? 'messages.formsDeleted' : 'messages.templatesDeleted')}
        onDone={onDone}
        // The template actions show their errors themselves (the quota's opens the upgrade modal).
        onError={notifyError}
      />
    </Group>
  );
}
