import { MESSAGES } from '@esign/shared';
import { z } from 'zod';
import * as repo from '../../data/bulk-send.js';
import { findUserById } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { defineJob, type JobQueue } from '../../platform/jobs.js';
import type { SendingService } from '../sending/index.js';
import type { TemplateService } from '../templates/index.js';

interface BulkSendJobDeps {
  db: Db;
  jobs: JobQueue;
  templates: Pick<TemplateService, 'createDocumentsIn'>;
  sending: Pick<SendingService, 'sendDrafts'>;
}

/** Rows made and sent in one transaction: one commit for many documents, and a crash loses at most these. */
const ROWS_PER_TRANSACTION = 20;

/**
 * The bulk-send job: one per batch. Its queued rows, a few at a time in one transaction (taken with their row
 * locks, so another run of the same job goes past them): their documents made from the template at once (each
 * row's signer, its text fields prefilled), then sent at once by the usual send-out (checks, the free plan's quota
 * counted per row in order, the invitations queued). A row whose document is refused (an AppError: the quota ...)
 * records the reason and its draft is removed; when the template itself is refused (gone, no longer live, its
 * roles changed) every row of the turn does. A row's document, its sending and its status commit together, so a
 * run again (a retry after a crash) only finds rows that are queued with nothing made, or finished.
 */
export function bulkSendJobs(deps: BulkSendJobDeps) {
  const { db, jobs } = deps;

  /** The rows' drafts made from the template, in the rows' order, or the error that refused them all. */
  async function makeDrafts(
    tx: Db,
    params: { batch: repo.BatchRow; rows: repo.BatchRowRow[]; sourceIp: string | undefined },
  ): Promise<string[] | AppError> {
    const { batch, rows, sourceIp } = params;
    const { templateId } = batch;
    if (!templateId) return new AppError('NOT_FOUND', MESSAGES.templateNotFound);
    try {
      // On a savepoint: a refusal found after the copies (the roles of the version copied) leaves none behind.
      return await tx.transaction((savepoint) =>
        deps.templates.createDocumentsIn(savepoint, {
          userId: batch.userId,
          templateId,
          request: batch.title ? { title: batch.title } : {},
          rows: rows.map((row) => ({
            signers: [{ name: row.name, email: row.email, ...(row.phone ? { phone: row.phone } : {}) }],
            prefill: row.prefill,
          })),
          sourceIp,
        }),
      );
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
  }

  /** Up to ROWS_PER_TRANSACTION queued rows made and sent; false when no queued row was left to take. */
  async function sendSomeRows(batch: repo.BatchRow, sourceIp: string | undefined): Promise<boolean> {
    return jobs.transaction(db, async (tx, queue) => {
      const rows = await repo.lockQueuedRows(tx, { batchId: batch.id, limit: ROWS_PER_TRANSACTION });
      if (rows.length === 0) return false;
      const failAll = (reason: string) =>
        repo.finishRows(
          tx,
          batch.id,
          rows.map((row) => ({ row: row.row, status: 'failed', error: reason })),
        );
      const user = await findUserById(tx, batch.userId);
      if (!user) {
        await failAll(MESSAGES.somethingWentWrong);
        return true;
      }
      const made = await makeDrafts(tx, { batch, rows, sourceIp });
      if (made instanceof AppError) {
        await failAll(made.message);
        return true;
      }
      const outcome = await deps.sending.sendDrafts(tx, queue, { user, documentIds: made, sourceIp });
      const refused: string[] = [];
      const outcomes = rows.map((row, index): repo.RowOutcome => {
        const documentId = made[index];
        const error = documentId ? outcome.get(documentId) : undefined;
        if (documentId && !error) return { row: row.row, status: 'sent', documentId };
        if (documentId) refused.push(documentId);
        return { row: row.row, status: 'failed', error: error?.message ?? MESSAGES.somethingWentWrong };
      });
      await repo.finishRows(tx, batch.id, outcomes);
      await repo.deleteDrafts(tx, refused);
      return true;
    });
  }

  const sendBatch = defineJob({
    name: 'bulk-send.send-batch',
    payload: z.object({ batchId: z.string().uuid(), sourceIp: z.string().optional() }),
    retryLimit: 3,
    // 100 rows of a copy and a send each: seconds; the default leaves room for a slow database.
    expireInSeconds: 15 * 60,
    handler: async ({ batchId, sourceIp }) => {
      const batch = await repo.findBatch(db, batchId);
      if (!batch) return;
      while (await sendSomeRows(batch, sourceIp)) {}
    },
    // Nothing stays queued for ever: the rows the runs could not finish fail.
    onFinalFailure: async ({ batchId }) => {
      await repo.failQueuedRows(db, { batchId, error: MESSAGES.somethingWentWrong });
    },
  });

  return { sendBatch };
}
export type BulkSendJobs = ReturnType<typeof bulkSendJobs>;
