import { type BulkSendRequest, checkBulkSendRows, MESSAGES } from '@esign/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { validationError } from '../../platform/http/error-handler.js';
import type { JobQueue } from '../../platform/jobs.js';
import { authorize, userActor } from '../access/access.repository.js';
import * as documentsRepo from '../documents/documents.repository.js';
import type { BulkSendJobs } from './bulk-send.jobs.js';
import * as repo from './bulk-send.repository.js';

/** POST document_sign/bulk_send and GET document_sign/bulk_send/{batchId}. */
export function bulkSendService(deps: { db: Db; jobs: JobQueue; bulkSendJobs: BulkSendJobs }) {
  const { db, jobs } = deps;

  return {
    /**
     * Checks the template (the caller's, live, one signer role) and every row with the bulk-send page's own rules
     * (400 'Row N: message' for each bad row), then stores the batch with each row queued and queues its job in
     * the same transaction; the job makes and sends the documents.
     */
    async createBatch(input: { userId: string; request: BulkSendRequest; sourceIp?: string | undefined }) {
      const { templateId, title, rows } = input.request;
      const actor = userActor(input.userId);
      const template = await authorize(db, { actor, action: 'template.use', id: templateId, kind: 'template' });
      if (template.status !== 'active' && template.status !== 'api') {
        throw new AppError('CONFLICT', MESSAGES.templateNotLive);
      }
      const roles = (await documentsRepo.listSigners(db, template.id)).filter((signer) => !signer.isPreparer);
      if (roles.length !== 1) {
        throw validationError([{ path: ['templateId'], keyword: 'bulkSend', message: MESSAGES.bulkSendOneSigner }]);
      }

      const checked = checkBulkSendRows(rows);
      if (!checked.ok) throw validationError([{ path: ['rows'], keyword: 'bulkSend', message: checked.message }]);
      if (checked.errors.length > 0) {
        throw validationError(
          checked.errors.map((error) => ({
            path: ['rows', String(error.row - 2)],
            keyword: 'row',
            message: error.text,
          })),
        );
      }

      const batch = await jobs.transaction(db, async (tx, queue) => {
        const inserted = await repo.insertBatch(tx, {
          userId: input.userId,
          templateId: template.id,
          title: title?.trim() || null,
        });
        await repo.insertRows(tx, { batchId: inserted.id, rows: checked.signers });
        await queue(deps.bulkSendJobs.sendBatch, {
          batchId: inserted.id,
          ...(input.sourceIp ? { sourceIp: input.sourceIp } : {}),
        });
        return inserted;
      });
      return { message: MESSAGES.bulkSendCreated, batch: repo.toBatchDto(batch, await repo.listRows(db, batch.id)) };
    },

    /** The batch's rows and how each went; another account's batch is 404. */
    async getBatch(input: { userId: string; batchId: string }) {
      const batch = await repo.findOwnedBatch(db, input);
      if (!batch) throw new AppError('NOT_FOUND', MESSAGES.bulkSendBatchNotFound);
      return repo.toBatchDto(batch, await repo.listRows(db, batch.id));
    },
  };
}
export type BulkSendService = ReturnType<typeof bulkSendService>;
