import { MESSAGES } from '@esign/shared';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { defineJob } from '../../platform/jobs.js';
import * as documentsRepo from '../documents/documents.repository.js';
import type { SendingService } from '../sending/sending.service.js';
import type { TemplateService } from '../templates/templates.service.js';
import * as repo from './bulk-send.repository.js';

interface BulkSendJobDeps {
  db: Db;
  templates: Pick<TemplateService, 'createDocument'>;
  sending: Pick<SendingService, 'sendOut'>;
}

/**
 * The bulk-send job: one per batch. Each queued row, in order, on its own: a document from the template for the
 * row's signer (its text fields prefilled), then the usual send-out (checks, the free plan's quota counted per
 * row, the invitation mail). A row that fails (an AppError: the quota, the template gone or no longer live ...)
 * records the reason and leaves no draft behind; the next row goes on. A run again (a retry after a crash) skips
 * finished rows and sends the document a cut-off row already made instead of making another.
 */
export function bulkSendJobs(deps: BulkSendJobDeps) {
  const { db } = deps;

  async function sendRow(batch: repo.BatchRow, row: repo.BatchRowRow, sourceIp: string | undefined) {
    let documentId = row.documentId;
    try {
      if (!documentId) {
        if (!batch.templateId) throw new AppError('NOT_FOUND', MESSAGES.templateNotFound);
        const created = await deps.templates.createDocument({
          userId: batch.userId,
          templateId: batch.templateId,
          request: { signers: [{ name: row.name, email: row.email }], ...(batch.title ? { title: batch.title } : {}) },
          prefill: row.prefill,
          sourceIp,
        });
        if (!(await repo.claimRowDocument(db, { batchId: batch.id, row: row.row, documentId: created.id }))) {
          // Another run of this job (one retried while this one went on) made the row's document first.
          await repo.deleteDraft(db, created.id);
          return;
        }
        documentId = created.id;
      }
      const document = await documentsRepo.findDocument(db, documentId);
      // A rerun finds the recorded document deleted meanwhile, still a draft, or already sent.
      if (!document || document.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.documentNotFound);
      if (document.status === 'draft') await deps.sending.sendOut({ userId: batch.userId, documentId, sourceIp });
      await repo.finishRow(db, { batchId: batch.id, row: row.row, status: 'sent' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const document = documentId ? await documentsRepo.findDocument(db, documentId) : undefined;
      if (document && !document.deletedAt && document.status !== 'draft') {
        // Sent by another run of this job meanwhile (its send-out answered this one 'not a draft').
        await repo.finishRow(db, { batchId: batch.id, row: row.row, status: 'sent' });
        return;
      }
      if (documentId) await repo.deleteDraft(db, documentId);
      await repo.finishRow(db, { batchId: batch.id, row: row.row, status: 'failed', error: error.message });
    }
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
      for (const row of await repo.listRows(db, batchId)) {
        if (row.status === 'queued') await sendRow(batch, row, sourceIp);
      }
    },
    // Nothing stays queued for ever: the rows the runs could not finish fail.
    onFinalFailure: async ({ batchId }) => {
      await repo.failQueuedRows(db, { batchId, error: MESSAGES.somethingWentWrong });
    },
  });

  return { sendBatch };
}
export type BulkSendJobs = ReturnType<typeof bulkSendJobs>;
