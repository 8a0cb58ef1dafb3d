import type { SentDocumentType } from '@esign/shared';

/** The preparation routes of the Sign area, one per document type ('Only Me', 'Me & Others', 'Only Others'). */
export const PREPARE_ROUTES: readonly { path: string; documentType: SentDocumentType }[] = [
  { path: '/only-me', documentType: 'me' },
  { path: '/me-and-others', documentType: 'me_and_other' },
  { path: '/only-others', documentType: 'others' },
];
