import type { DocumentListItem, DocumentStatus, DocumentType } from '@esign/shared';
import type { TranslationKey } from '../../i18n';

/**
 * A list page's data rules: the documents list (/documents), the templates list (/templates) and the forms list
 * (/form-requests) are one page
 * (ListPage) over GET documents, each with its route, types and filters.
 */
export interface ListKind {
  name: 'documents' | 'templates' | 'forms';
  basePath: '/documents' | '/templates' | '/form-requests';
  types: DocumentType[];
  /** The route filters, first the default ('all'), each with the statuses it asks for (undefined: any). */
  statusesByFilter: Readonly<Record<string, DocumentStatus[] | undefined>>;
  /** The filters' labels, by filter. */
  filterLabels: Readonly<Record<string, TranslationKey>>;
  texts: Readonly<Record<'title' | 'search' | 'empty' | 'selectAll' | 'signersColumn', TranslationKey>>;
  /** Search in signers as well as in titles. */
  hasSignerSearch: boolean;
  /** A team's owner and admins may switch it to the team's documents ('Mine / Team'). */
  hasTeamScope: boolean;
  /** Where a row's title leads. */
  itemLink: (item: DocumentListItem) => string;
}

export const DOCUMENT_LIST: ListKind = {
  name: 'documents',
  basePath: '/documents',
  // Documents only (templates and forms have lists of their own).
  types: ['me', 'me_and_other', 'others'],
  statusesByFilter: {
    all: undefined,
    draft: ['draft'],
    completed: ['completed'],
    awaiting: ['awaiting'],
    declined: ['declined'],
    voided: ['voided'],
    expired: ['expired'],
  },
  filterLabels: {
    all: 'documents.filters.all',
    draft: 'documents.filters.draft',
    completed: 'documents.filters.completed',
    awaiting: 'documents.filters.awaiting',
    declined: 'documents.filters.declined',
    voided: 'documents.filters.voided',
    expired: 'documents.filters.expired',
  },
  texts: {
    title: 'documents.title',
    search: 'documents.search',
    empty: 'documents.empty',
    selectAll: 'documents.selectAll',
    signersColumn: 'documents.columns.signers',
  },
  hasSignerSearch: true,
  hasTeamScope: true,
  itemLink: (item) => `/documents/${item.id}/preview`,
};

export const TEMPLATE_LIST: ListKind = {
  name: 'templates',
  basePath: '/templates',
  types: ['template'],
  // A replica (the draft copy of a live template being edited) is never listed; a template in the API is live.
  statusesByFilter: { all: ['draft', 'active', 'api'], draft: ['draft'], active: ['active', 'api'] },
  filterLabels: { all: 'templates.filters.all', draft: 'templates.filters.draft', active: 'templates.filters.active' },
  texts: {
    title: 'templates.title',
    search: 'templates.search',
    empty: 'templates.empty',
    selectAll: 'templates.selectAll',
    signersColumn: 'templates.columns.signers',
  },
  hasSignerSearch: false,
  hasTeamScope: false,
  itemLink: (item) => `/templates/${item.id}/edit`,
};

export const FORM_LIST: ListKind = {
  name: 'forms',
  basePath: '/form-requests',
  types: ['form_request'],
  // Live (the spec's `active`) shows the disabled forms too, as 'Disabled'; a replica is never listed.
  statusesByFilter: { all: ['draft', 'active', 'disabled'], draft: ['draft'], active: ['active', 'disabled'] },
  filterLabels: { all: 'forms.filters.all', draft: 'forms.filters.draft', active: 'forms.filters.active' },
  texts: {
    title: 'forms.title',
    search: 'forms.search',
    empty: 'forms.empty',
    selectAll: 'forms.selectAll',
    signersColumn: 'forms.columns.signers',
  },
  hasSignerSearch: false,
  hasTeamScope: false,
  itemLink: (item) => `/form-requests/${item.id}/edit`,
};

/** The route's filter of a list ('all' when there is none); null for an unknown one. */
export function parseFilter(kind: ListKind, value: string | undefined): string | null {
  if (value === undefined) return 'all';
  return Object.hasOwn(kind.statusesByFilter, value) ? value : null;
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
