import { BulkActions } from './BulkActions';
import { ListPage } from './ListPage';
import { DOCUMENT_LIST } from './list-view';
import { RowActions } from './RowActions';

/** /documents and /documents/{status}. */
export function DocumentsPage() {
  return <ListPage kind={DOCUMENT_LIST} RowActions={RowActions} BulkActions={BulkActions} />;
}
