/** Documents' kinds, states, upload limits and list options; zod-free, so the browser can use them anywhere. */
export const DOCUMENT_TYPES = ['me', 'me_and_other', 'others', 'template', 'form_request'] as const;
export const DOCUMENT_STATUSES = [
  'api',
  'draft',
  'awaiting',
  'completed',
  'active',
  'replica',
  'preparing',
  'disabled',
  // The ends of a sent document other than completion (documents/lifecycle.ts).
  'declined',
  'voided',
  'expired',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** The kinds prepared and sent as they are (the prepare forms); templates and forms have calls of their own. */
export const SENT_DOCUMENT_TYPES = ['me', 'me_and_other', 'others'] as const;
export type SentDocumentType = (typeof SENT_DOCUMENT_TYPES)[number];

/** Section 5 (Files) and 9 (Uploads) of the specification. */
export const UPLOAD_LIMITS = {
  maxFileBytes: 41_943_040,
  maxFilesPerDocument: 5,
  maxDocumentBytes: 104_857_600,
  maxFileNameLength: 100,
} as const;

export const ALLOWED_EXTENSIONS = [
  'png',
  'bmp',
  'gif',
  'jpeg',
  'jpg',
  'htm',
  'html',
  'csv',
  'rtf',
  'txt',
  'pdf',
  'doc',
  'xls',
  'ppt',
  'odt',
  'xlsx',
  'ppsx',
  'docx',
  'pptx',
] as const;
export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isAllowedFileName(fileName: string): boolean {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

/**
 * Active content (scripts, program launches, actions that run by themselves) an uploaded PDF had: 'removed' at
 * upload (or at the owner's request); 'found' in a file whose digital signatures removing it would break, so the
 * file is kept as uploaded and the owner may choose; 'kept' once the owner chose to keep it. Null: none found.
 */
export const ACTIVE_CONTENT_STATES = ['found', 'kept', 'removed'] as const;
export type ActiveContentState = (typeof ACTIVE_CONTENT_STATES)[number];
/** The owner's choice for a signed file's active content: keep the file as uploaded, or remove it. */
export const ACTIVE_CONTENT_CHOICES = ['keep', 'remove'] as const;
export type ActiveContentChoice = (typeof ACTIVE_CONTENT_CHOICES)[number];

export const ACTIVITY_TYPES = [
  'create',
  'update',
  'send',
  'view',
  'sign',
  'complete',
  'revert',
  // Issue 36: an approver's approval or rejection (with its reason), a viewer's acknowledgement.
  'approve',
  'reject',
  'acknowledge',
  // A pending signer changed by the sender, or handed on by the signer (issue 36): details hold both people.
  'correct',
  'reassign',
  // The life of a sent document (documents/lifecycle.ts).
  'decline',
  'void',
  'expire',
  'extend',
  // An archive timestamp added to a sealed file (issue 35).
  'timestamp',
  // Issue 39: a legal hold set and released; the files and personal data removed (retention or erasure), a stub kept.
  'hold',
  'release',
  'remove',
  // A recipient proved who they are by a mailed or texted code (issue 38): details hold the channel and the masked address.
  'identity_check',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Section 9: lists sort by createdAt descending by default; search is debounced 1000 ms. */
export const LIST_ORDERING_KEYS = ['title', 'createdAt', 'status'] as const;
export const LIST_ORDERING_DIRECTIONS = ['asc', 'desc'] as const;
/** Whose documents the list shows: the caller's, or (owner and admins of a team) the team's. */
export const LIST_SCOPES = ['mine', 'team'] as const;
export const LIST_SEARCH_TYPES = ['documents', 'signers'] as const;
export type ListOrderingKey = (typeof LIST_ORDERING_KEYS)[number];
export type ListOrderingDirection = (typeof LIST_ORDERING_DIRECTIONS)[number];
export type ListSearchType = (typeof LIST_SEARCH_TYPES)[number];
export const LIST_DEFAULTS = {
  limit: 10,
  maxLimit: 100,
  orderingKey: 'createdAt',
  orderingDirection: 'desc',
  searchDebounceMs: 1000,
  copyResetMs: 1000,
  pageRange: 3,
  marginPages: 1,
} as const;

/** Upload progress of one file as the web app shows it: 10 queued, 50 uploaded, then up to 100 with conversion. */
export function uploadProgress(state: { isUploaded: boolean; pagesConverted: number; pagesTotal: number | null }) {
  if (!state.isUploaded) return 10;
  if (!state.pagesTotal) return 50;
  return Math.min(100, 50 + Math.round((50 * state.pagesConverted) / state.pagesTotal));
}
