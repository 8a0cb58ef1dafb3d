import { MESSAGES } from '@esign/shared';
import { recordActivity } from '../../data/activity.js';
import { listSigners, lockDocument } from '../../data/documents.js';
import { endAwaitingDocument } from '../../data/lifecycle.js';
import { revokeSigningTokens } from '../../data/signing-tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue, QueueInTransaction } from '../../platform/jobs.js';
import type { LifecycleMailJobs } from '../sending/index.js';
import { isSignersTurn, type RequestOrigin, type SignerRequest, type SignerService } from './signing.service.js';

interface DeclineDeps {
  db: Db;
  jobs: JobQueue;
  /** The signer's access check (token, signer, access code, the policy's `document.sign`). */
  authenticate: SignerService['authenticate'];
  mails: LifecycleMailJobs;
  now: () => Date;
}

/**
 * 'Decline to sign' (issue 36): a signer whose turn it is refuses with a reason. In one transaction, with the
 * document locked (so a last signature and a decline do not both win): awaiting -> declined, every signing link
 * revoked (the others' pages say it was declined), the `decline` activity with the reason, address and user agent
 * (its event `document.declined` carries the reason), and the sender's mail queued. Nothing is sealed: only a
 * completed document is.
 */
export function declineService(deps: DeclineDeps) {
  const { db, jobs, now } = deps;
  return {
    async decline(request: SignerRequest & { signerId: string; reason: string; origin: RequestOrigin }) {
      await deps.authenticate(request);
      await jobs.transaction(db, async (tx, queue) => {
        const document = await lockDocument(tx, request.documentId);
        if (!document) throw new AppError('NOT_FOUND', MESSAGES.signingLinkInvalid);
        const signerRows = await listSigners(tx, document.id);
        const signer = signerRows.find((row) => row.id === request.signerId);
        if (!signer) throw new AppError('NOT_FOUND', MESSAGES.signingLinkInvalid);
        if (signer.isFinished) throw new AppError('CONFLICT', MESSAGES.signerAlreadyFinished);
        if (document.status !== 'awaiting') throw new AppError('CONFLICT', MESSAGES.documentNotAwaiting);
        if (!isSignersTurn(document, signer, signerRows)) throw new AppError('FORBIDDEN', MESSAGES.notYourTurn);
        await declineLockedDocument(tx, queue, deps.mails, {
          documentId: document.id,
          signerId: signer.id,
          reason: request.reason,
          origin: request.origin,
          at: now(),
        });
      });
      return { documentStatus: 'declined' as const };
    },
  };
}
export type DeclineService = ReturnType<typeof declineService>;

/**
 * The document, locked by the caller and awaiting, declined by one of its recipients (a signer's 'Decline to sign',
 * an approver's rejection): awaiting -> declined, every signing link revoked, the `decline` activity with the reason,
 * address and user agent (its event `document.declined` carries the reason), and the sender's mail queued.
 */
export async function declineLockedDocument(
  tx: Db,
  queue: QueueInTransaction,
  mails: LifecycleMailJobs,
  request: { documentId: string; signerId: string; reason: string; origin: RequestOrigin; at: Date },
): Promise<void> {
  const { documentId, signerId, reason, at } = request;
  await endAwaitingDocument(tx, { documentId, to: 'declined', at });
  await revokeSigningTokens(tx, { documentId, now: at });
  await recordActivity(tx, {
    documentId,
    type: 'decline',
    signerIds: [signerId],
    sourceIp: request.origin.ip,
    userAgent: request.origin.userAgent,
    details: { reason },
    at,
  });
  await queue(mails.declinedMail, { documentId, signerId, reason });
}
