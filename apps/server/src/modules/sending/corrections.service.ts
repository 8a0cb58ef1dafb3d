import { type Language, MESSAGES, type UpdateRecipientRequest } from '@esign/shared';
import { recordActivity } from '../../data/activity.js';
import * as repo from '../../data/documents.js';
import {
  changeSignerIdentity,
  clearSignerAccount,
  revokeSignerTokens,
  setAllowReassign,
} from '../../data/recipient-changes.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue, QueueInTransaction } from '../../platform/jobs.js';
import { authorize, userActor } from '../access/index.js';
import type { SignerMailJobs } from './invitation.mails.js';
import { signersWhoseTurnItIs } from './turns.js';

interface CorrectionDeps {
  db: Db;
  jobs: JobQueue;
  signerMails: SignerMailJobs;
  now: () => Date;
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.documentNotFound);

/** Another signer of the document already has this e-mail: the field's error, as the prepare form shows it. */
export function duplicateEmail() {
  return new AppError('VALIDATION_ERROR', MESSAGES.signerDuplicated, [
    { property: 'email', constraints: { duplicate: MESSAGES.signerDuplicated }, children: [] },
  ]);
}

/**
 * A pending signer of a locked, awaiting document becomes another person (a correction by the sender, a
 * reassignment by the signer): refused for a signer who signed (nobody takes over a signature) and for an e-mail
 * another signer has; then the row changes (fields, order and the signers who signed stay), every live link of the
 * signer dies, the activity (`correct` or `reassign`, with both people; its event comes with it) is recorded and,
 * when it is the signer's turn, a new invitation is a `send` naming them and queued in the same transaction.
 */
export async function replaceSigner(
  tx: Db,
  queue: QueueInTransaction,
  deps: { signerMails: SignerMailJobs },
  input: {
    document: repo.DocumentRow;
    signerId: string;
    type: 'correct' | 'reassign';
    to: { name: string; email: string; accessCode?: string | null; language?: Language | null };
    activity: { userId?: string | null; sourceIp: string | null; userAgent: string | null; reason?: string };
    at: Date;
  },
): Promise<repo.SignerRow> {
  const { document, at } = input;
  const signerRows = await repo.listSigners(tx, document.id);
  const signer = signerRows.find((row) => row.id === input.signerId);
  if (!signer || signer.isPreparer) throw notFound();
  if (signer.isFinished) throw new AppError('CONFLICT', MESSAGES.signerAlreadySignedCannotChange);
  const email = input.to.email.toLowerCase();
  const isSameEmail = email === signer.email.toLowerCase();
  if (signerRows.some((row) => row.id !== signer.id && row.email.toLowerCase() === email)) throw duplicateEmail();
  if (input.type === 'reassign' && isSameEmail) throw duplicateEmail();
  await changeSignerIdentity(tx, { signerId: signer.id, ...input.to });
  if (!isSameEmail) await clearSignerAccount(tx, signer.id);
  await revokeSignerTokens(tx, { signerId: signer.id, now: at });
  await recordActivity(tx, {
    documentId: document.id,
    type: input.type,
    userId: input.activity.userId ?? null,
    signerIds: [signer.id],
    sourceIp: input.activity.sourceIp,
    userAgent: input.activity.userAgent,
    details: {
      fromName: signer.name,
      fromEmail: signer.email,
      toName: input.to.name,
      toEmail: input.to.email,
      ...(input.activity.reason ? { reason: input.activity.reason } : {}),
    },
    at,
  });
  const isTheirTurn = signersWhoseTurnItIs(signerRows, document.isOrdered).some((row) => row.id === signer.id);
  if (isTheirTurn) {
    await recordActivity(tx, { documentId: document.id, type: 'send', signerIds: [signer.id], at });
    await queue(deps.signerMails.signerInvitationMail, { documentId: document.id, signerId: signer.id });
  }
  return signer;
}

/** The sender's changes of a sent document's signers: a correction, and the reassignment switch. */
export function correctionService(deps: CorrectionDeps) {
  const { db, jobs } = deps;

  async function documentAnswer(documentId: string) {
    const row = await repo.findDocument(db, documentId);
    if (!row) throw notFound();
    return repo.toDocumentDto(row, await repo.loadChildren(db, documentId));
  }

  return {
    /**
     * PATCH documents/{id}/signers/{signerId}: while the document awaits signatures, a signer who has not signed
     * gets another name, e-mail, access code or language; their old link dies and a new invitation goes out when
     * it is their turn.
     */
    async updateRecipient(input: {
      userId: string;
      documentId: string;
      signerId: string;
      changes: UpdateRecipientRequest;
      sourceIp: string | null;
      userAgent: string | null;
    }) {
      await authorize(db, { actor: userActor(input.userId), action: 'document.manage', id: input.documentId });
      await jobs.transaction(db, async (tx, queue) => {
        const document = await repo.lockDocument(tx, input.documentId);
        if (!document || document.deletedAt) throw notFound();
        if (document.status !== 'awaiting') throw new AppError('CONFLICT', MESSAGES.documentNotAwaiting);
        const current = (await repo.listSigners(tx, document.id)).find((row) => row.id === input.signerId);
        if (!current) throw notFound();
        const { name, email, accessCode, language } = input.changes;
        await replaceSigner(tx, queue, deps, {
          document,
          signerId: input.signerId,
          type: 'correct',
          to: {
            name: name ?? current.name,
            email: email ?? current.email,
            ...(accessCode !== undefined ? { accessCode } : {}),
            ...(language !== undefined ? { language } : {}),
          },
          activity: { userId: input.userId, sourceIp: input.sourceIp, userAgent: input.userAgent },
          at: deps.now(),
        });
      });
      return documentAnswer(input.documentId);
    },

    /** PATCH documents/{id}/reassignment: whether the signers may hand their part on (draft or awaiting). */
    async setReassignment(input: { userId: string; documentId: string; allowReassign: boolean }) {
      const document = await authorize(db, {
        actor: userActor(input.userId),
        action: 'document.manage',
        id: input.documentId,
      });
      if (document.status !== 'draft' && document.status !== 'awaiting') {
        throw new AppError('CONFLICT', MESSAGES.documentNotAwaiting);
      }
      await setAllowReassign(db, { documentId: document.id, allowReassign: input.allowReassign });
      return documentAnswer(document.id);
    },
  };
}
export type CorrectionService = ReturnType<typeof correctionService>;
