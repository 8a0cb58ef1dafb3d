import { Badge, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { notifyError } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { BulkDeleteButton } from '../documents/ActionModals';
import { ListPage } from '../documents/ListPage';
import { FORM_LIST } from '../documents/list-view';
import { useFormActions } from './api';
import { FormRowActions } from './FormRowActions';

/** Delete the selected forms; the documents submitted through them are kept. */
function FormBulkActions({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { remove } = useFormActions();
  return (
    <Group gap="xs">
      <BulkDeleteButton
        kind="forms"
        selected={selected}
        remove={remove}
        deleted={t('messages.formsDeleted')}
        onDone={onDone}
        onError={notifyError}
      />
    </Group>
  );
}

/**
 * /form-requests and /form-requests/{status}: the document list's page over the user's forms. Creating one is a
 * Business feature: other plans see the badge, and the create page opens the upgrade modal.
 */
export function FormsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const isBusiness = user?.plan.type === 'business';
  return (
    <ListPage
      kind={FORM_LIST}
      RowActions={FormRowActions}
      BulkActions={FormBulkActions}
      headerAction={
        <Group gap="xs">
          {user && !isBusiness ? (
            <Badge color="grape" variant="light">
              {t('forms.businessFeature')}
            </Badge>
          ) : null}
          <Button component={Link} to="/form-requests/create">
            {t('forms.create')}
          </Button>
        </Group>
      }
    />
  );
}
