import { MESSAGES, quotaExceededMessage, sendingErrors } from '@esign/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import { authorize, userActor } from '../access/access.repository.js';
import { recordActivity } from '../activity/activity.repository.js';
import type * as partsRepo from '../documents/document-parts.repository.js';
import * as repo from '../documents/documents.repository.js';
import type { SealingJobs } from '../sealing/sealing.jobs.js';
import { completeDocumentOnce } from '../signing/completion.repository.js';
import { signersWhoseTurnItIs } from '../signing/turns.js';
import { countSentDocument, findUserById, type UserRow } from '../users/users.repository.js';
import type { SignerMailJobs } from './invitation.mails.js';

interface SendingDeps {
  db: Db;
  jobs: JobQueue;
  signerMails: SignerMailJobs;
  sealing: SealingJobs;
  now: () => Date;
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.documentNotFound);
const notDraft = () => new AppError('CONFLICT', MESSAGES.documentNotDraft);
const quotaExceeded = (user: UserRow) =>
  new AppError('QUOTA_EXCEEDED', quotaExceededMessage(user.freeDocumentsUsedLimit));

/** The checks only the server can make: every file converted and the combined PDF there. */
export function serverOnlyErrors(document: repo.DocumentRow, parts: partsRepo.PartRow[]): string[] {
  if (parts.length === 0) return [];
  if (parts.some((part) => part.errorText)) return [MESSAGES.documentFilesFailed];
  if (parts.some((part) => !part.convertedAt) || !document.pdfFileKey) return [MESSAGES.documentStillProcessing];
  return [];
}

/** PATCH document_sign/documents/{id}/send_out. */
export function sendingService(deps: SendingDeps) {
  const { db, jobs } = deps;

  return {
    /**
     * Sends a draft out: repeats every sending check (422 listing each failing message), enforces the free plan's
     * monthly quota (403), then in one transaction moves draft -> awaiting with a conditional update (a double
     * click sends once), marks the preparer finished, counts the document, records `send` and queues the
     * invitations of the signers whose turn it is, which go out once it commits. Only Me completes at once and
     * is queued for sealing the same way.
     */
    async sendOut(input: { userId: string; documentId: string; sourceIp?: string | undefined }) {
      const document = await authorize(db, {
        actor: userActor(input.userId),
        action: 'document.manage',
        id: input.documentId,
      });
      if (document.status !== 'draft') throw notDraft();
      if (document.type === 'template') throw new AppError('CONFLICT', MESSAGES.templateNotSent);
      const user = await findUserById(db, input.userId);
      if (!user) throw notFound();

      const children = await repo.loadChildren(db, document.id);
      const errors = [
        ...serverOnlyErrors(document, children.parts),
        ...sendingErrors({
          type: document.type,
          hasFile: document.pdfFileKey !== null,
          isFromTemplate: document.templateId !== null,
          currentUserId: user.id,
          signers: children.signers,
          fields: children.fields,
        }),
      ];
      if (errors.length > 0) {
        throw new AppError(
          'SENDING_CHECKS_FAILED',
          errors[0] ?? MESSAGES.somethingWentWrong,
          errors.map((message) => ({ property: 'document', constraints: { sendingCheck: message }, children: [] })),
        );
      }
      if (user.planType === 'free' && user.freeDocumentsUsed >= user.freeDocumentsUsedLimit) throw quotaExceeded(user);

      const now = deps.now();
      // The invitations (or the seal) are queued in the transaction that sends: they exist exactly when it commits.
      await jobs.transaction(db, async (tx, queue) => {
        const locked = await repo.lockDocument(tx, document.id);
        if (locked?.status !== 'draft') throw notDraft();
        if (!(await countSentDocument(tx, user.id))) throw quotaExceeded(user);

        const preparer = children.signers.find((signer) => signer.isPreparer);
        if (preparer) await repo.finishSigner(tx, { documentId: document.id, signerId: preparer.id, at: now });
        const base = { documentId: document.id, userId: user.id, sourceIp: input.sourceIp ?? null, at: now };

        if (document.type === 'me') {
          await repo.markDocumentSent(tx, { documentId: document.id, at: now });
          const isCompleted = await completeDocumentOnce(tx, { documentId: document.id, now, from: ['draft'] });
          if (!isCompleted) throw notDraft();
          await recordActivity(tx, { ...base, type: 'send', signerIds: preparer ? [preparer.id] : [] });
          await recordActivity(tx, { ...base, type: 'sign', signerIds: preparer ? [preparer.id] : [] });
          await queue(deps.sealing.sealDocument, { documentId: document.id });
          return;
        }

        if (!(await repo.moveDraftToAwaiting(tx, { documentId: document.id, at: now }))) throw notDraft();
        const mailed = signersWhoseTurnItIs(
          children.signers.filter((signer) => !signer.isPreparer),
          document.isOrdered,
        );
        if (preparer) await recordActivity(tx, { ...base, type: 'sign', signerIds: [preparer.id] });
        await recordActivity(tx, { ...base, type: 'send', signerIds: mailed.map((signer) => signer.id) });
        for (const signer of mailed) {
          await queue(deps.signerMails.signerInvitationMail, { documentId: document.id, signerId: signer.id });
        }
      });

      const row = await repo.findDocument(db, document.id);
      if (!row) throw notFound();
      return repo.toDocumentDto(row, await repo.loadChildren(db, document.id));
    },
  };
}
export type SendingService = ReturnType<typeof sendingService>;
