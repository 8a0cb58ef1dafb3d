import {
  type ActivityType,
  type DocumentStatus,
  type EndedStatus,
  expiryDateOf,
  expiryInstant,
  isEndedStatus,
  isExpiryDateAllowed,
  MESSAGES,
} from '@esign/shared';
import { listActivityRows, recordActivity } from '../../data/activity.js';
import { listSigners, lockDocument } from '../../data/documents.js';
import { endAwaitingDocument, prepareResendCopy, setExpiry } from '../../data/lifecycle.js';
import { revokeSigningTokens } from '../../data/signing-tokens.js';
import { copyDocuments } from '../../data/templates.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import { authorize, userActor } from '../access/index.js';
import type { LifecycleMailJobs } from '../sending/index.js';

interface LifecycleDeps {
  db: Db;
  jobs: JobQueue;
  mails: LifecycleMailJobs;
  now: () => Date;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/** The activity that ended a document of each ended status. */
const ENDING_ACTIVITY = { declined: 'decline', voided: 'void', expired: 'expire' } as const satisfies Record<
  EndedStatus,
  ActivityType
>;

/** The answer of a void or an expiry change: the document's status and expiry instant after it. */
function statusAnswer(document: { id: string; status: DocumentStatus; expiresAt: Date | null }) {
  return { id: document.id, status: document.status, expiresAt: document.expiresAt?.toISOString() ?? null };
}

/**
 * The sender's side of a sent document's life (issue 36): void, the expiry date, and 'Edit & Resend' of an ended
 * document as a new draft. Each asks the access policy first (`document.manage`: the owner; another account's
 * document answers 404), then its state rule (409), and writes in one transaction with the document locked.
 */
export function lifecycleService(deps: LifecycleDeps) {
  const { db, jobs, now } = deps;

  async function owned(userId: string, documentId: string) {
    return authorize(db, { actor: userActor(userId), action: 'document.manage', id: documentId });
  }

  return {
    /**
     * Awaiting -> voided: every signing link revoked (the pages say the sender withdrew it), the `void` activity
     * with the reason, and the mail of every signer invited so far. Fields already filled stay as recorded; nothing
     * is sealed.
     */
    async voidDocument(input: { userId: string; documentId: string; reason: string; sourceIp: string }) {
      const found = await owned(input.userId, input.documentId);
      if (found.status !== 'awaiting') throw conflict(MESSAGES.actionNeedsAwaiting);
      return jobs.transaction(db, async (tx, queue) => {
        const at = now();
        const isVoided = await endAwaitingDocument(tx, { documentId: input.documentId, to: 'voided', at });
        if (!isVoided) throw conflict(MESSAGES.actionNeedsAwaiting);
        await revokeSigningTokens(tx, { documentId: input.documentId, now: at });
        await recordActivity(tx, {
          documentId: input.documentId,
          type: 'void',
          userId: input.userId,
          sourceIp: input.sourceIp,
          details: { reason: input.reason },
          at,
        });
        await queue(deps.mails.voidedMails, { documentId: input.documentId, reason: input.reason });
        return statusAnswer({ ...found, status: 'voided' });
      });
    },

    /**
     * A draft's, an awaiting or an expired document's expiry date (null takes it away, but not from an expired one).
     * An expired document given a date is awaiting again with the same links; a sent one records `extend`.
     */
    async setExpiry(input: { userId: string; documentId: string; expiresAt: string | null; sourceIp: string }) {
      await owned(input.userId, input.documentId);
      const at = now();
      if (input.expiresAt !== null && !isExpiryDateAllowed(input.expiresAt, at)) {
        throw new AppError('VALIDATION_ERROR', MESSAGES.expiryDateInvalid);
      }
      return db.transaction(async (tx) => {
        const document = await lockDocument(tx, input.documentId);
        if (!document) throw new AppError('NOT_FOUND', MESSAGES.documentNotFound);
        const { status } = document;
        if (status !== 'draft' && status !== 'awaiting' && status !== 'expired') {
          throw conflict(MESSAGES.expiryNeedsDraftOrAwaiting);
        }
        if (status === 'expired' && input.expiresAt === null) {
          throw new AppError('VALIDATION_ERROR', MESSAGES.expiryDateInvalid);
        }
        const expiresAt = input.expiresAt === null ? null : expiryInstant(input.expiresAt);
        const reopen = status === 'expired';
        await setExpiry(tx, { documentId: document.id, expiresAt, reopen, at });
        if (status !== 'draft') {
          await recordActivity(tx, {
            documentId: document.id,
            type: 'extend',
            userId: input.userId,
            sourceIp: input.sourceIp,
            details: { expiresAt: expiresAt ? expiryDateOf(expiresAt) : 'none', from: status },
            at,
          });
        }
        return statusAnswer({ id: document.id, status: reopen ? 'awaiting' : status, expiresAt });
      });
    },

    /**
     * 'Edit & Resend' of a declined, voided or expired document: a new draft with its files, signers and the
     * sender's own values (signers' values left empty), its `create` activity naming where it came from and why
     * that one ended (the new document's certificate says so). The ended document stays as it is, in the record.
     */
    async resendCopy(input: { userId: string; documentId: string; sourceIp: string }) {
      const source = await owned(input.userId, input.documentId);
      if (!isEndedStatus(source.status)) throw conflict(MESSAGES.documentNotEnded);
      const [activities, people] = await Promise.all([listActivityRows(db, source.id), listSigners(db, source.id)]);
      const ending = activities.findLast((row) => row.type === ENDING_ACTIVITY[source.status as EndedStatus]);
      const endedBy = people.find((person) => ending?.signerIds.includes(person.id));
      return jobs.transaction(db, async (tx) => {
        const {
          ids: [id],
        } = await copyDocuments(tx, {
          sourceId: source.id,
          values: { userId: source.userId, type: source.type, status: 'draft' },
          copies: [{}],
        });
        if (!id) throw new Error('document not copied');
        await prepareResendCopy(tx, { copyId: id, source });
        await recordActivity(tx, {
          documentId: id,
          type: 'create',
          userId: input.userId,
          sourceIp: input.sourceIp,
          details: {
            resentFrom: source.id,
            endedAs: source.status,
            ...(ending ? { endedAt: ending.createdAt.toISOString() } : {}),
            ...(endedBy ? { endedBy: `${endedBy.name} <${endedBy.email}>` } : {}),
            ...(typeof ending?.details?.reason === 'string' ? { reason: ending.details.reason } : {}),
          },
          at: now(),
        });
        return { id, status: 'draft' as const };
      });
    },
  };
}
export type LifecycleService = ReturnType<typeof lifecycleService>;
