import type { Document } from '@esign/shared';
import { Switch } from '@mantine/core';
import { notifyError } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { useRecipientActions } from './recipients-api';

/** The per-document switch 'Signers may reassign' (issue 36): on the prepare page and on a sent document's page. */
export function ReassignSwitch({ document }: { document: Pick<Document, 'id' | 'userId' | 'allowReassign'> }) {
  const { t } = useTranslation();
  const { setReassignment } = useRecipientActions(document.id);
  // The document's owner's (`document.manage`): a teammate who sees the page does not get it.
  const isOwner = useCurrentUser().data?.id === document.userId;
  const isChecked = setReassignment.isPending
    ? (setReassignment.variables ?? false)
    : (document.allowReassign ?? false);
  if (!isOwner) return null;
  return (
    <Switch
      label={t('recipients.allowReassign')}
      description={t('recipients.allowReassignDescription')}
      checked={isChecked}
      disabled={setReassignment.isPending}
      onChange={(event) => setReassignment.mutate(event.currentTarget.checked, { onError: notifyError })}
    />
  );
}
