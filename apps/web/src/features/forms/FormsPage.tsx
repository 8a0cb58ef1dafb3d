import { Badge, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { ListPage } from '../documents/ListPage';
import { FORM_LIST } from '../documents/list-view';
import { TemplateBulkActions } from '../templates/TemplateBulkActions';
import { FormRowActions } from './FormRowActions';

/** Delete the selected forms; the documents submitted through them are kept. */
function FormBulkActions(props: { selected: string[]; onDone: () => void }) {
  return <TemplateBulkActions {...props} kind="forms" />;
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
