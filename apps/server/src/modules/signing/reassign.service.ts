import { MESSAGES, REASSIGN_LIMIT, REASSIGN_WINDOW_SECONDS, type ReassignSignerRequest } from '@esign/shared';
import { lockDocument } from '../../data/documents.js';
import { countReassignmentsSince } from '../../data/recipient-changes.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { SignerMailJobs } from '../sending/index.js';
import { replaceSigner } from '../sending/index.js';
import type { ReassignedMailJobs } from './reassigned.mails.js';
import type { RequestOrigin, SignerRequest, SignerService } from './signing.service.js';

interface ReassignDeps {
  db: Db;
  jobs: JobQueue;
  signing: SignerService;
  signerMails: SignerMailJobs;
  reassignedMails: ReassignedMailJobs;
  now: () => Date;
}

/**
 * POST document_sign/documents/{id}/signers/{signerId}/reassign: a signer hands their part to someone else, where
 * the sender allows it. Authorised by the signing link as every signer call (its access code typed, if any); an
 * in-person signing's link may not (the sender hosts it: they correct the signer instead). Under the document's
 * lock: awaiting, allowed, the signer not signed, fewer than REASSIGN_LIMIT reassignments of the document in the
 * window (each mails a stranger); then the signer's row becomes the new person (fields and order stay), every link
 * of it dies, `reassign` is recorded with both people and the reason, the new person is invited when it is their
 * turn, and the sender is mailed.
 */
export function reassignService(deps: ReassignDeps) {
  return {
    async reassign(request: SignerRequest & { signerId: string; to: ReassignSignerRequest; origin: RequestOrigin }) {
      const session = await deps.signing.authenticate(request);
      if (session.token.hostedByUserId) throw new AppError('FORBIDDEN', MESSAGES.reassignNotAllowed);
      await deps.jobs.transaction(deps.db, async (tx, queue) => {
        const document = await lockDocument(tx, request.documentId);
        if (!document || document.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.signingLinkInvalid);
        if (document.status !== 'awaiting') throw new AppError('CONFLICT', MESSAGES.documentNotAwaiting);
        if (!document.allowReassign) throw new AppError('FORBIDDEN', MESSAGES.reassignNotAllowed);
        const at = deps.now();
        const since = new Date(at.getTime() - REASSIGN_WINDOW_SECONDS * 1000);
        if ((await countReassignmentsSince(tx, { documentId: document.id, since })) >= REASSIGN_LIMIT) {
          throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyReassignments);
        }
        const to = { name: request.to.name, email: request.to.email };
        const reason = request.to.reason;
        const before = await replaceSigner(tx, queue, deps, {
          document,
          signerId: request.signerId,
          type: 'reassign',
          to,
          activity: { sourceIp: request.origin.ip, userAgent: request.origin.userAgent, reason },
          at,
        });
        await queue(deps.reassignedMails.reassignedMail, {
          documentId: document.id,
          signerId: before.id,
          from: { name: before.name, email: before.email },
          to,
          reason,
        });
      });
      return { success: true as const };
    },
  };
}
export type ReassignService = ReturnType<typeof reassignService>;
