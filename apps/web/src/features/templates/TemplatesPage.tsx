import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { ListPage } from '../documents/ListPage';
import { TEMPLATE_LIST } from '../documents/list-view';
import { TemplateBulkActions } from './TemplateBulkActions';
import { TemplateRowActions } from './TemplateRowActions';

/** /templates and /templates/{status}: the document list's page over the user's templates. */
export function TemplatesPage() {
  const { t } = useTranslation();
  return (
    <ListPage
      kind={TEMPLATE_LIST}
      RowActions={TemplateRowActions}
      BulkActions={TemplateBulkActions}
      headerAction={
        <Button component={Link} to="/templates/create">
          {t('templates.create')}
        </Button>
      }
    />
  );
}
