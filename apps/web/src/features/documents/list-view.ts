import { DOCUMENT_LIST_FILTERS, type DocumentListFilter, type DocumentStatus, type DocumentType } from '@esign/shared';

/** The statuses each route filter shows. */
export const STATUSES_BY_FILTER: Record<DocumentListFilter, DocumentStatus[] | undefined> = {
  all: undefined,
  draft: ['draft'],
  completed: ['completed'],
  awaiting: ['awaiting'],
};

/** Documents only (templates and forms have lists of their own). */
export const DOCUMENT_LIST_TYPES: DocumentType[] = ['me', 'me_and_other', 'others'];

export function parseFilter(value: string | undefined): DocumentListFilter | null {
  if (value === undefined) return 'all';
  return (DOCUMENT_LIST_FILTERS as readonly string[]).includes(value) ? (value as DocumentListFilter) : null;
}

/** 'a-b of N results' for a 1-based page. */
export function counterRange(page: number, limit: number, itemCount: number) {
  const from = itemCount === 0 ? 0 : (page - 1) * limit + 1;
  return { from, to: itemCount === 0 ? 0 : from + itemCount - 1 };
}

/** Statuses as the list shows them: preparing reads 'processing'. */
export function statusLabelKey(status: DocumentStatus) {
  return status === 'preparing' ? 'documents.status.processing' : (`documents.status.${status}` as const);
}
