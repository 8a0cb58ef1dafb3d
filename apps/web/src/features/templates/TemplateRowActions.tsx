import type { DocumentListItem } from '@esign/shared';
import { ActionIcon, Menu } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { ConfirmDeleteModal, RenameModal } from '../documents/ActionModals';
import { UpgradeModal } from '../plans/UpgradeModal';
import { useTemplateActions } from './api';
import { useTemplateQuota } from './use-template-quota';

type Dialog = 'rename' | 'delete' | null;

/**
 * A template row's actions (section 2, /templates): Edit, Rename (a draft), Duplicate, Add to API or Remove from
 * API (a live one), Delete; the server checks each again. Over the template limit the upgrade modal opens.
 */
export function TemplateRowActions({ item }: { item: DocumentListItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useTemplateActions();
  const quota = useTemplateQuota();
  const [dialog, setDialog] = useState<Dialog>(null);
  const title = item.title || t('documents.untitled');
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

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('documents.actionsOf', { title })}>
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => navigate(`/templates/${item.id}/edit`)}>{t('templates.action.edit')}</Menu.Item>
          {item.status === 'draft' ? (
            <Menu.Item onClick={() => setDialog('rename')}>{t('templates.action.rename')}</Menu.Item>
          ) : null}
          <Menu.Item
            onClick={() => run(() => actions.duplicate.mutateAsync(item.id), t('messages.templateDuplicated'))}
          >
            {t('templates.action.duplicate')}
          </Menu.Item>
          {item.status === 'active' ? (
            <Menu.Item
              onClick={() => run(() => actions.addToApi.mutateAsync(item.id), t('messages.templateAddedToApi'))}
            >
              {t('templates.action.addToApi')}
            </Menu.Item>
          ) : null}
          {item.status === 'api' ? (
            <Menu.Item
              onClick={() =>
                run(() => actions.removeFromApi.mutateAsync(item.id), t('messages.templateRemovedFromApi'))
              }
            >
              {t('templates.action.removeFromApi')}
            </Menu.Item>
          ) : null}
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => setDialog('delete')}>
            {t('templates.action.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDeleteModal
        kind="templates"
        count={1}
        opened={dialog === 'delete'}
        isBusy={actions.remove.isPending}
        onClose={close}
        onConfirm={() => run(() => actions.remove.mutateAsync([item.id]), t('messages.templatesDeleted'))}
      />
      {dialog === 'rename' ? (
        <RenameModal
          opened
          title={t('templates.renameTitle')}
          initial={item.title}
          onClose={close}
          onSave={(newTitle) =>
            run(() => actions.rename.mutateAsync({ id: item.id, title: newTitle }), t('messages.templateUpdated'))
          }
        />
      ) : null}
      <UpgradeModal text={quota.upgradeText} onClose={quota.closeUpgrade} />
    </>
  );
}
