import type { DocumentListItem } from '@esign/shared';
import { Menu } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { copyText } from '../documents/RowActions';
import { RowMenu } from '../documents/RowMenu';
import { TemplateRowModals, useTemplateRow } from '../templates/template-row';
import { formLink, useFormActions } from './api';
import { RegisteredUsersModal, SubmittedContractsModal } from './FormSubmissionsModals';

/**
 * A form row's actions (part 2 sections 2 and 6; the list holds only the creator's forms, so every action is the
 * creator's): Rename (a draft), Edit, Share (the public link; not for a draft or a disabled form), Duplicate,
 * Submitted Contracts, Registered Users, Disable Form (live) or Enable Form and Delete Form (disabled). A form still
 * preparing has none. The server checks each again; over the plan the upgrade modal opens.
 */
export function FormRowActions({ item }: { item: DocumentListItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useFormActions();
  const row = useTemplateRow<'contracts' | 'users'>();
  const { dialog, setDialog, close, run } = row;
  const title = item.title || t('documents.untitled');
  if (item.status === 'preparing') return null;
  const isLive = item.status === 'active';
  const isDisabled = item.status === 'disabled';

  return (
    <>
      <RowMenu title={title}>
        {item.status === 'draft' ? (
          <Menu.Item onClick={() => setDialog('rename')}>{t('forms.action.rename')}</Menu.Item>
        ) : null}
        <Menu.Item onClick={() => navigate(`/form-requests/${item.id}/edit`)}>{t('forms.action.edit')}</Menu.Item>
        {isLive ? (
          <Menu.Item onClick={() => copyText(formLink(item.id), t, 'copiedInClipboard')}>
            {t('forms.action.share')}
          </Menu.Item>
        ) : null}
        <Menu.Item onClick={() => run(() => actions.duplicate.mutateAsync(item.id), t('messages.templateDuplicated'))}>
          {t('forms.action.duplicate')}
        </Menu.Item>
        <Menu.Item onClick={() => setDialog('contracts')}>{t('forms.action.contracts')}</Menu.Item>
        <Menu.Item onClick={() => setDialog('users')}>{t('forms.action.registeredUsers')}</Menu.Item>
        {isLive ? (
          <Menu.Item onClick={() => run(() => actions.disable.mutateAsync(item.id), t('messages.formDisabled'))}>
            {t('forms.action.disable')}
          </Menu.Item>
        ) : null}
        {isDisabled ? (
          <Menu.Item onClick={() => run(() => actions.enable.mutateAsync(item.id), t('messages.formEnabled'))}>
            {t('forms.action.enable')}
          </Menu.Item>
        ) : null}
        {isDisabled ? (
          <>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => setDialog('delete')}>
              {t('forms.action.delete')}
            </Menu.Item>
          </>
        ) : null}
      </RowMenu>
      <TemplateRowModals item={item} kind="forms" row={row} actions={actions} />
      <SubmittedContractsModal formId={item.id} opened={dialog === 'contracts'} onClose={close} />
      <RegisteredUsersModal formId={item.id} opened={dialog === 'users'} onClose={close} />
    </>
  );
}
