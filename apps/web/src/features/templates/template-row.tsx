import type { DocumentListItem } from '@esign/shared';
import { useState } from 'react';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { ConfirmDeleteModal, RenameModal } from '../documents/ActionModals';
import { UpgradeModal } from '../plans/UpgradeModal';
import type { useTemplateActions } from './api';
import { useTemplateQuota } from './use-template-quota';

/**
 * A template's or form's row: which of its dialogs is open, and `run`, which does an action, shows its toast and
 * closes the dialog; a failure closes it too and goes to the quota's handling (the upgrade modal, or a toast).
 */
export function useTemplateRow<Extra extends string = never>() {
  const [dialog, setDialog] = useState<'rename' | 'delete' | Extra | null>(null);
  const quota = useTemplateQuota();
  const close = () => setDialog(null);
  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      notifySuccess(success);
      close();
    } catch (error) {
      close();
      quota.onError(error);
    }
  };
  return { dialog, setDialog, close, run, quota };
}

const ROW_TEXTS = {
  templates: { renameTitle: 'templates.renameTitle', deleted: 'messages.templatesDeleted' },
  forms: { renameTitle: 'forms.renameTitle', deleted: 'messages.formsDeleted' },
} as const;

/** The dialogs a template's or form's row shares: delete, rename (the spec's toasts) and the upgrade modal. */
export function TemplateRowModals(props: {
  item: DocumentListItem;
  kind: keyof typeof ROW_TEXTS;
  row: Pick<ReturnType<typeof useTemplateRow>, 'close' | 'run' | 'quota'> & { dialog: string | null };
  actions: Pick<ReturnType<typeof useTemplateActions>, 'rename' | 'remove'>;
}) {
  const { t } = useTranslation();
  const { item, kind, row, actions } = props;
  return (
    <>
      <ConfirmDeleteModal
        kind={kind}
        count={1}
        opened={row.dialog === 'delete'}
        isBusy={actions.remove.isPending}
        onClose={row.close}
        onConfirm={() => row.run(() => actions.remove.mutateAsync([item.id]), t(ROW_TEXTS[kind].deleted))}
      />
      {row.dialog === 'rename' ? (
        <RenameModal
          opened
          title={t(ROW_TEXTS[kind].renameTitle)}
          initial={item.title}
          onClose={row.close}
          onSave={(newTitle) =>
            row.run(() => actions.rename.mutateAsync({ id: item.id, title: newTitle }), t('messages.templateUpdated'))
          }
        />
      ) : null}
      <UpgradeModal text={row.quota.upgradeText} onClose={row.quota.closeUpgrade} />
    </>
  );
}
