import { z } from 'zod';
import { MESSAGES } from '../messages.js';

export const DOCUMENT_TYPES = ['me', 'me_and_other', 'others', 'template', 'form_request'] as const;
export const DOCUMENT_STATUSES = ['api', 'draft', 'awaiting', 'completed', 'active', 'replica', 'preparing'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

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

export const pageSize = z.object({ width: z.number(), height: z.number() });
export const pdfMetadata = z.object({ pages: z.array(pageSize) });
export type PdfMetadata = z.infer<typeof pdfMetadata>;

export const fileEntry = z.object({ fileKey: z.string(), order: z.number().int() });

export const documentPart = z.object({
  id: z.string().uuid(),
  order: z.number().int(),
  originalFileName: z.string(),
  sizeBytes: z.number().int(),
  /** True once the part is converted to PDF pages. */
  filesUploaded: z.boolean(),
  pagesConverted: z.number().int(),
  pagesTotal: z.number().int().nullable(),
  errorText: z.string().nullable(),
  /** A notice that does not stop the part (for example: existing digital signatures will not stay valid). */
  warningText: z.string().nullable(),
  files: z.array(fileEntry),
  pdfMetadata: pdfMetadata.nullable(),
});
export type DocumentPart = z.infer<typeof documentPart>;

export const document = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  title: z.string(),
  message: z.string().nullable(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  createdAt: z.string(),
  parts: z.array(documentPart),
  pdfFileKey: z.string().nullable(),
  pdfMetadata: pdfMetadata.nullable(),
});
export type Document = z.infer<typeof document>;

export const documentIdParams = z.object({ id: z.string().uuid({ error: MESSAGES.documentNotFound }) });

export const createDocumentRequest = z.object({
  type: z.enum(DOCUMENT_TYPES),
  title: z.string().max(100, MESSAGES.maxLength100).optional(),
});
export const createDocument = {
  method: 'POST',
  path: '/documents',
  body: createDocumentRequest,
  response: document,
} as const;

export const getDocument = {
  method: 'GET',
  path: '/documents/:id',
  params: documentIdParams,
  response: document,
} as const;

/** Multipart with the field `upload`. Answers the new part, queued for conversion. */
export const fileUpload = {
  method: 'POST',
  path: '/documents/:id/file_upload',
  params: documentIdParams,
  response: documentPart,
} as const;

export const fileCleanRequest = z.object({ documentPartId: z.string().uuid().optional() });
export const fileClean = {
  method: 'POST',
  path: '/documents/:id/file_clean',
  params: documentIdParams,
  body: fileCleanRequest,
  response: document,
} as const;

export const reorderPartsRequest = z.object({
  parts: z
    .array(z.object({ id: z.string().uuid(), order: z.number().int().min(0).max(1000) }))
    .min(1, MESSAGES.required)
    .max(UPLOAD_LIMITS.maxFilesPerDocument, MESSAGES.documentFilesLimit),
});
export const updateDocument = {
  method: 'PATCH',
  path: '/documents/:id',
  params: documentIdParams,
  body: reorderPartsRequest,
  response: document,
} as const;

export const conversionData = {
  method: 'GET',
  path: '/documents/:id/convertion_data',
  params: documentIdParams,
  response: z.object({
    isFinished: z.boolean(),
    parts: z.array(
      documentPart.pick({
        id: true,
        filesUploaded: true,
        pagesConverted: true,
        pagesTotal: true,
        errorText: true,
        warningText: true,
      }),
    ),
  }),
} as const;

/** Upload progress of one file as the web app shows it: 10 queued, 50 uploaded, then up to 100 with conversion. */
export function uploadProgress(state: { isUploaded: boolean; pagesConverted: number; pagesTotal: number | null }) {
  if (!state.isUploaded) return 10;
  if (!state.pagesTotal) return 50;
  return Math.min(100, 50 + Math.round((50 * state.pagesConverted) / state.pagesTotal));
}
