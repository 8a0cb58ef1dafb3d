import type { DocumentListItem } from '@esign/shared';
import { Menu } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { RowMenu } from '../documents/RowMenu';
import { useTemplateActions } from './api';
import { TemplateRowModals, useTemplateRow } from './template-row';

/**
 * A template row's actions (section 2, /templates): Edit, Rename (a draft), Duplicate, Add to API or Remove from
 * API (a live one), Delete; the server checks each again. Over the template limit the upgrade modal opens.
 */
export function TemplateRowActions({ item }: { item: DocumentListItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useTemplateActions();
  const row = useTemplateRow();
  const { setDialog, run } = row;
  const title = item.title || t('documents.untitled');

  return (
    <>
      <RowMenu title={title}>
        <Menu.Item onClick={() => navigate(`/templates/${item.id}/edit`)}>{t('templates.action.edit')}</Menu.Item>
        {item.status === 'draft' ? (
          <Menu.Item onClick={() => setDialog('rename')}>{t('templates.action.rename')}</Menu.Item>
        ) : null}
        <Menu.Item onClick={() => run(() => actions.duplicate.mutateAsync(item.id), t('messages.templateDuplicated'))}>
          {t('templates.action.duplicate')}
        </Menu.Item>
        {item.status === 'active' ? (
          <Menu.Item onClick={() => run(() => actions.addToApi.mutateAsync(item.id), t('messages.templateAddedToApi'))}>
            {t('templates.action.addToApi')}
          </Menu.Item>
        ) : null}
        {item.status === 'api' ? (
          <Menu.Item
            onClick={() => run(() => actions.removeFromApi.mutateAsync(item.id), t('messages.templateRemovedFromApi'))}
          >
            {t('templates.action.removeFromApi')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => setDialog('delete')}>
          {t('templates.action.delete')}
        </Menu.Item>
      </RowMenu>
      <TemplateRowModals item={item} kind="templates" row={row} actions={actions} />
    </>
  );
}
