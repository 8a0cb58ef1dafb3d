import { MESSAGES, type RecipientRole, safeRedirectionUrl } from '@esign/shared';
import { recordActivity } from '../../data/activity.js';
import { companyOfDocumentOwner } from '../../data/company.js';
import { type DocumentRow, listSigners, lockDocument } from '../../data/documents.js';
import { findRejection } from '../../data/recipient-actions.js';
import * as repo from '../../data/signing.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue, QueueInTransaction } from '../../platform/jobs.js';
import type { SealingJobs } from '../sealing/index.js';
import type { LifecycleMailJobs, SignerMailJobs } from '../sending/index.js';
import { declineLockedDocument } from './decline.js';
import type { RequestOrigin, SignerRequest, SignerService } from './signing.service.js';
import { isSignersTurn } from './signing.service.js';
import { passTheTurn } from './turn-passing.js';

interface RecipientActionDeps {
  db: Db;
  jobs: JobQueue;
  sealing: SealingJobs;
  signerMails: SignerMailJobs;
  /** The sender's 'declined' mail: an approver's rejection declines the document. */
  lifecycleMails: LifecycleMailJobs;
  /** The signer calls' access check (the link's token, the policy's `document.sign`). */
  signing: Pick<SignerService, 'authenticate'>;
  now: () => Date;
}

type ActRequest = SignerRequest & { signerId: string; origin: RequestOrigin };

/**
 * Issue 36: what an approver and a viewer do. Each call is the signer calls' access check first, then, with the
 * document row locked: the document awaits, the recipient has this role, has not finished and it is its turn. An
 * approval or an acknowledgement finishes the recipient (`approve` / `acknowledge` activity and its event) and
 * passes the turn as a signature does (`turn-passing.ts`: the next step's invitations, or completion and the seal).
 *
 * `reject` is the approver's refusal: recorded (`reject` activity with the reason), announced (`recipient.rejected`,
 * the reason as the event's message), and the document declined as a signer's 'Decline to sign' does
 * (`declineLockedDocument`: status `declined`, every link dead, the sender mailed with the reason, nothing sealed).
 */
export function recipientActionService(deps: RecipientActionDeps) {
  const { db, jobs, now } = deps;

  async function act(
    request: ActRequest,
    role: Exclude<RecipientRole, 'signer' | 'cc'>,
    record: (
      tx: Db,
      context: { document: DocumentRow; signerId: string; at: Date; queue: QueueInTransaction },
    ) => Promise<'finish' | 'declined'>,
  ) {
    const session = await deps.signing.authenticate(request);
    const company = await companyOfDocumentOwner(db, session.document.userId);
    return jobs.transaction(db, async (tx, queue) => {
      const document = await lockDocument(tx, request.documentId);
      if (!document) throw new AppError('NOT_FOUND', MESSAGES.signingLinkInvalid);
      const signerRows = await listSigners(tx, document.id);
      const signer = signerRows.find((row) => row.id === request.signerId);
      if (!signer) throw new AppError('NOT_FOUND', MESSAGES.signingLinkInvalid);
      const answer = (status: DocumentRow['status'], isFinished: boolean) => ({
        isFinished,
        documentStatus: status,
        redirectionPage: safeRedirectionUrl(document.redirectionPage) ?? safeRedirectionUrl(company?.redirectionPage),
      });
      if (signer.recipientRole !== role) throw new AppError('FORBIDDEN', MESSAGES.notYourRoleAction);
      // A second approval or acknowledgement answers as the first did.
      if (signer.isFinished) return answer(document.status, true);
      if (document.status !== 'awaiting') throw new AppError('CONFLICT', MESSAGES.documentNotAwaiting);
      if (!isSignersTurn(document, signer, signerRows)) throw new AppError('FORBIDDEN', MESSAGES.notYourTurn);
      if (role === 'approver' && (await findRejection(tx, { documentId: document.id, signerId: signer.id }))) {
        throw new AppError('CONFLICT', MESSAGES.alreadyRejected);
      }
      const at = now();
      if ((await record(tx, { document, signerId: signer.id, at, queue })) === 'declined') {
        return answer('declined', false);
      }
      await repo.finishSigner(tx, { signerId: signer.id, at });
      const { isCompleted } = await passTheTurn(tx, queue, deps, {
        document,
        signerRows,
        actedId: signer.id,
        at,
      });
      return answer(isCompleted ? 'completed' : document.status, true);
    });
  }

  const trail = (request: ActRequest) => ({
    signerIds: [request.signerId],
    sourceIp: request.origin.ip,
    userAgent: request.origin.userAgent,
  });

  return {
    /** The approver approves: finished, `approve` recorded, the order goes on. */
    approve(request: ActRequest) {
      return act(request, 'approver', async (tx, { document, at }) => {
        await recordActivity(tx, { documentId: document.id, type: 'approve', ...trail(request), at });
        return 'finish';
      });
    },

    /**
     * The approver refuses, with a reason: `reject` recorded with it and `recipient.rejected` announced, then the
     * document declined (`declineLockedDocument`) in the same transaction.
     */
    reject(request: ActRequest & { reason: string }) {
      return act(request, 'approver', async (tx, { document, at, queue }) => {
        await recordActivity(tx, {
          documentId: document.id,
          type: 'reject',
          ...trail(request),
          details: { reason: request.reason },
          eventMessage: request.reason,
          at,
        });
        const { signerId, reason, origin } = request;
        await declineLockedDocument(tx, queue, deps.lifecycleMails, {
          documentId: document.id,
          signerId,
          reason,
          origin,
          at,
        });
        return 'declined';
      });
    },

    /** The viewer has seen the document: finished, `acknowledge` recorded, the order goes on. */
    acknowledge(request: ActRequest) {
      return act(request, 'viewer', async (tx, { document, at }) => {
        await recordActivity(tx, { documentId: document.id, type: 'acknowledge', ...trail(request), at });
        return 'finish';
      });
    },
  };
}
export type RecipientActionService = ReturnType<typeof recipientActionService>;
