import type {
  BulkCsvMapResult,
  BulkCsvTable,
  BulkSendBatch,
  BulkSendRequest,
  BulkSendRowStatus,
  TemplateOption,
} from '@esign/shared';

/** The template's signer roles (a template has no preparer, whose order is -1). */
export const templateRoles = (template: TemplateOption) => template.signers.filter((signer) => signer.order >= 0);

/** Bulk send takes a template with exactly one signer besides the preparer (spec section 5, Bulk CSV). */
export const isSendableTemplate = (template: TemplateOption) => templateRoles(template).length === 1;

/** A row of the dry run: what will be sent for it, or its error ('Row N: message' is built when shown). */
export interface DryRunRow {
  /** The row's number in the file (the header is row 1). */
  row: number;
  name: string;
  email: string;
  prefill: Record<string, string>;
  /** The row's mobile number from the file's phone column (issue 38). */
  phone?: string;
  /** The shared rule's message (not yet prefixed with 'Row N: '); null when the row is ready. */
  error: string | null;
}

/**
 * Every row of the file as the dry run lists it, in the file's order: the mapped signers and the rows refused (with
 * the cells the chosen columns hold, so the user sees which row it is). Rows the mapping dropped (empty rows at the
 * end) are not listed.
 */
export function dryRunRows(
  table: BulkCsvTable,
  columns: { nameColumn: number; emailColumn: number },
  mapped: Extract<BulkCsvMapResult, { ok: true }>,
): DryRunRow[] {
  const cell = (row: number, column: number) => (table.rows[row - 2]?.[column] ?? '').trim();
  const refused = mapped.errors.map((error) => ({
    row: error.row,
    name: cell(error.row, columns.nameColumn),
    email: cell(error.row, columns.emailColumn),
    prefill: {},
    error: error.message,
  }));
  const ready = mapped.signers.map((signer) => ({ ...signer, error: null }));
  return [...ready, ...refused].sort((a, b) => a.row - b.row);
}

/** The request's rows: the ready rows in the file's order, a prefill only where the row has one. */
export function rowsToSend(rows: readonly DryRunRow[]): BulkSendRequest['rows'] {
  return rows
    .filter((row) => row.error === null)
    .map(({ name, email, prefill, phone }) => ({
      name,
      email,
      // The file's phone column (issue 38): the number an SMS code goes to.
      ...(phone ? { phone } : {}),
      ...(Object.keys(prefill).length > 0 ? { prefill } : {}),
    }));
}

export type BatchProgress = Record<BulkSendRowStatus, number> & { total: number; isFinished: boolean };

/** How many rows are queued, sent and failed; the batch is finished when none is queued. */
export function batchProgress(batch: Pick<BulkSendBatch, 'rows'>): BatchProgress {
  const counts = { queued: 0, sent: 0, failed: 0 };
  for (const row of batch.rows) counts[row.status] += 1;
  return { ...counts, total: batch.rows.length, isFinished: counts.queued === 0 };
}
