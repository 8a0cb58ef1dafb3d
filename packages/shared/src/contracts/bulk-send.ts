import { z } from 'zod';
import { BULK_SEND_ROW_STATUSES } from '../api/constants.js';
import { ROUTES } from '../api/routes.js';
import { BULK_CSV_MAX_ROWS, BULK_SEND_MAX_ROWS } from '../documents/bulk-csv.js';
import { plainText } from '../validation/inputs.js';
import { MESSAGES, maxColumnsMessage, maxRowsMessage } from '../validation/messages.js';

/**
 * Bulk send (spec section 5, Bulk CSV): one live template with a single signer, sent to each row of a CSV file as a
 * document of its own. The page reads the file with bulk-csv.ts and sends the rows; the server reads them again
 * with the same rules (`checkBulkSendRows`) and answers at once with every row queued; one job then makes and
 * sends the documents, each row on its own (a row over the free plan's quota fails, the others go out).
 */
const PREFILL_MAX_LABELS = 98;

export const bulkSendRow = z.object({
  // Control characters, formulas and the name's length are the shared row rules' ('Row N: message'); these bound
  // the request.
  name: z.string().max(1000),
  email: z.string().max(1000),
  /** The signer's mobile number for an SMS code (issue 38), from the file's phone column; checked as a row rule. */
  phone: z.string().max(1000).optional(),
  /** A text field's label (its placeholder) to the value it gets for this row's signer. */
  prefill: z
    .record(z.string().max(100, MESSAGES.maxLength100), z.string().max(100, MESSAGES.maxLength100))
    .refine((prefill) => Object.keys(prefill).length <= PREFILL_MAX_LABELS, maxColumnsMessage(100))
    .optional(),
});

export const bulkSendRequest = z.object({
  templateId: z.string().uuid({ error: MESSAGES.templateNotFound }),
  /** The documents' title; the template's when left out. */
  title: plainText().max(100, MESSAGES.maxLength100).optional(),
  rows: z.array(bulkSendRow).min(1, MESSAGES.bulkCsvNoRows).max(BULK_SEND_MAX_ROWS, maxRowsMessage(BULK_CSV_MAX_ROWS)),
});
export type BulkSendRequest = z.input<typeof bulkSendRequest>;

export const bulkSendRowResult = z.object({
  /** The row's number in the file (the first row sent is 2, under the header). */
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(BULK_SEND_ROW_STATUSES),
  /** The document sent to this row's signer (status sent). */
  documentId: z.string().uuid().nullable(),
  /** Why the row was not sent (status failed), e.g. the free plan's quota sentence. */
  error: z.string().nullable(),
});
export type BulkSendRowResult = z.infer<typeof bulkSendRowResult>;

export const bulkSendBatch = z.object({
  id: z.string().uuid(),
  /** Null once the template is deleted. */
  templateId: z.string().uuid().nullable(),
  title: z.string().nullable(),
  createdAt: z.string(),
  rows: z.array(bulkSendRowResult),
});
export type BulkSendBatch = z.infer<typeof bulkSendBatch>;

/**
 * POST document_sign/bulk_send: the caller's live template with exactly one signer role (else 404 'Template not
 * found', 409 for a template that is not live, 400 'The template must have only one signer besides the
 * preparer'); every row checked ('Row N: message', 400 listing each). Answers the batch, every row `queued`, with
 * 'Documents successfully created'.
 */
export const bulkSend = {
  ...ROUTES.bulkSend,
  body: bulkSendRequest,
  response: z.object({ message: z.string(), batch: bulkSendBatch }),
} as const;

/** GET document_sign/bulk_send/{batchId}: the batch's rows and how each went (its owner only, else 404). */
export const bulkSendStatus = {
  ...ROUTES.bulkSendStatus,
  params: z.object({ batchId: z.string().uuid({ error: MESSAGES.bulkSendBatchNotFound }) }),
  response: bulkSendBatch,
} as const;

/**
 * POST document_sign/bulk_send/{batchId}/retry: the batch's failed rows queued again and sent by the batch's job
 * (its owner only, else 404; the template checked as for a new batch). Refused with 409 while a row is still
 * queued, or when no row failed. Answers the batch with 'Documents successfully created'.
 */
export const bulkSendRetry = {
  ...ROUTES.bulkSendRetry,
  params: bulkSendStatus.params,
  response: bulkSend.response,
} as const;
