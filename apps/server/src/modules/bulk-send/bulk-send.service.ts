import { type BulkSendRequest, checkBulkSendRows, MESSAGES } from '@esign/shared';
import * as repo from '../../data/bulk-send.js';
import * as documentsRepo from '../../data/documents.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { validationError } from '../../platform/http/error-handler.js';
import type { JobQueue } from '../../platform/jobs.js';
import { authorize, can, ownedBy, userActor } from '../access/index.js';
import type { BulkSendJobs } from './bulk-send.jobs.js';

/** POST document_sign/bulk_send, GET document_sign/bulk_send/{batchId} and its retry of the failed rows. */
export function bulkSendService(deps: { db: Db; jobs: JobQueue; bulkSendJobs: BulkSendJobs }) {
  const { db, jobs } = deps;

  /** A template the policy lets the caller use ('template.use'), live, with exactly one signer role. */
  async function requireSendableTemplate(userId: string, templateId: string | null) {
    if (templateId === null) throw new AppError('NOT_FOUND', MESSAGES.templateNotFound);
    const actor = userActor(userId);
    const template = await authorize(db, { actor, action: 'template.use', id: templateId, kind: 'template' });
    if (template.status !== 'active' && template.status !== 'api') {
      throw new AppError('CONFLICT', MESSAGES.templateNotLive);
    }
    const roles = (await documentsRepo.listSigners(db, template.id)).filter((signer) => !signer.isPreparer);
    if (roles.length !== 1) {
      throw validationError([{ path: ['templateId'], keyword: 'bulkSend', message: MESSAGES.bulkSendOneSigner }]);
    }
    return template;
  }

  /** The batch when the policy lets the caller manage it ('bulkSend.manage'); another account's is 404. */
  async function requireOwnedBatch(input: { userId: string; batchId: string }) {
    const batch = await repo.findBatch(db, input.batchId);
    if (!batch || !can(userActor(input.userId), 'bulkSend.manage', ownedBy('bulkSend', batch))) {
      throw new AppError('NOT_FOUND', MESSAGES.bulkSendBatchNotFound);
    }
    return batch;
  }

  const jobPayload = (batchId: string, sourceIp: string | undefined) => ({
    batchId,
    ...(sourceIp ? { sourceIp } : {}),
  });

  return {
    /**
     * Checks the template (the caller's, live, one signer role) and every row with the bulk-send page's own rules
     * (400 'Row N: message' for each bad row), then stores the batch with each row queued and queues its job in
     * the same transaction; the job makes and sends the documents.
     */
    async createBatch(input: { userId: string; request: BulkSendRequest; sourceIp?: string | undefined }) {
      const { templateId, title, rows } = input.request;
      const template = await requireSendableTemplate(input.userId, templateId);

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
        await queue(deps.bulkSendJobs.sendBatch, jobPayload(inserted.id, input.sourceIp));
        return inserted;
      });
      return { message: MESSAGES.bulkSendCreated, batch: repo.toBatchDto(batch, await repo.listRows(db, batch.id)) };
    },

    /** The batch's rows and how each went; another account's batch is 404. */
    async getBatch(input: { userId: string; batchId: string }) {
      const batch = await requireOwnedBatch(input);
      return repo.toBatchDto(batch, await repo.listRows(db, batch.id));
    },

    /**
     * Sends the batch's failed rows again (after an upgrade, say): the template checked as for a new batch, then,
     * under the batch's lock, refused while a row is still queued (its job is still at work) or when none failed;
     * otherwise the failed rows are queued again and the batch's job queued in the same transaction.
     */
    async retryFailedRows(input: { userId: string; batchId: string; sourceIp?: string | undefined }) {
      const batch = await requireOwnedBatch(input);
      await requireSendableTemplate(input.userId, batch.templateId);
      await jobs.transaction(db, async (tx, queue) => {
        await repo.lockBatch(tx, batch.id);
        const rows = await repo.listRows(tx, batch.id);
        if (rows.some((row) => row.status === 'queued')) throw new AppError('CONFLICT', MESSAGES.bulkSendStillSending);
        if ((await repo.requeueFailedRows(tx, batch.id)) === 0) {
          throw new AppError('CONFLICT', MESSAGES.bulkSendNoFailedRows);
        }
        await queue(deps.bulkSendJobs.sendBatch, jobPayload(batch.id, input.sourceIp));
      });
      return { message: MESSAGES.bulkSendCreated, batch: repo.toBatchDto(batch, await repo.listRows(db, batch.id)) };
    },
  };
}
export type BulkSendService = ReturnType<typeof bulkSendService>;
