import { MESSAGES, quotaExceededMessage, quotaMonthStart, sendingErrors } from '@esign/shared';
import { type ActivityInput, recordActivities } from '../../data/activity.js';
import { completeDocumentOnce } from '../../data/completion.js';
import { clearHiddenFieldValues } from '../../data/document-fields.js';
import { serverOnlyErrors } from '../../data/document-parts.js';
import * as repo from '../../data/documents.js';
import { recordEvent } from '../../data/events.js';
import { findRequisiteConsents } from '../../data/requisites.js';
import { countSentDocuments, findUserById, type UserRow } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue, QueueInTransaction } from '../../platform/jobs.js';
import { authorize, userActor } from '../access/index.js';
import type { SealingJobs } from '../sealing/index.js';
import { giveAccessCodes } from './access-codes.js';
import type { SignerMailJobs } from './invitation.mails.js';
import { signersWhoseTurnItIs } from './turns.js';

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

/**
 * What the certificate says of the sender's consent, which is recorded with their `sign` at send-out. The sender
 * signs in the editor with saved signatures, each made with the Electronic Signature Disclosure and Consent
 * ticked (the text they saw is kept with it): that text is quoted. Where a signature or initials they placed was
 * made without it (before the quick 'Sign Now' asked), or they placed none, the certificate says no consent was
 * recorded instead of claiming one.
 */
export function senderConsent(consents: readonly (string | null)[]): string {
  const isEveryGiven = consents.length > 0 && consents.every((consent) => consent !== null);
  if (!isEveryGiven) {
    return 'Signed by the sender while preparing the document and sent with Send. No agreement to the Electronic Signature Disclosure and Consent was recorded for it.';
  }
  const texts = [...new Set(consents)];
  return `Signed by the sender while preparing the document with saved signatures made after agreeing to: "${texts.join('" / "')}". Sent with Send.`;
}

/** PATCH document_sign/documents/{id}/send_out, and the same send-out inside a bulk send's transaction. */
export function sendingService(deps: SendingDeps) {
  const { db, jobs } = deps;

  /** What keeps one locked document from being sent, before the quota: null when nothing does. */
  function refusal(document: repo.DocumentRow | undefined, children: repo.DocumentChildren, user: UserRow) {
    if (!document || document.deletedAt) return notFound();
    if (document.status !== 'draft') return notDraft();
    if (document.type === 'template' || document.type === 'form_request') {
      return new AppError('CONFLICT', MESSAGES.templateNotSent);
    }
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
    if (errors.length === 0) return null;
    return new AppError(
      'SENDING_CHECKS_FAILED',
      errors[0] ?? MESSAGES.somethingWentWrong,
      errors.map((message) => ({ property: 'document', constraints: { sendingCheck: message }, children: [] })),
    );
  }

  /**
   * The send-out of drafts of one owner inside the caller's transaction, their rows locked first: every sending
   * check of each (422 listing each failing message), the free plan's monthly quota counted per document in the
   * order given (403 for those past it), then for the others draft -> awaiting in one conditional update (a double
   * click sends once), the preparer finished, `send` recorded and the invitations of the signers whose turn it is
   * queued with it, so they go out exactly when it commits. Only Me completes at once and is queued for sealing the
   * same way. Answers, for each document, the error that kept it a draft (nothing of it changed), or null when it
   * was sent. `user` is the owner, read by the caller. A bulk send sends many at once; the send-out one.
   */
  async function sendDrafts(
    tx: Db,
    queue: QueueInTransaction,
    input: {
      user: UserRow;
      documentIds: string[];
      sourceIp?: string | undefined;
      userAgent?: string | null;
      /** A public form's visitor signs at once, so its document never gets a company's access code. */
      isFormSubmission?: boolean;
      /** A document of the public API: counted against the API plan (modules/public-api), not the account's plan. */
      isApiDocument?: boolean;
    },
  ): Promise<Map<string, AppError | null>> {
    const { user } = input;
    const rows = new Map((await repo.lockDocuments(tx, input.documentIds)).map((row) => [row.id, row]));
    const childrenOf = await repo.loadChildrenOf(tx, input.documentIds);
    const outcome = new Map<string, AppError | null>();
    const ready: repo.DocumentRow[] = [];
    for (const id of input.documentIds) {
      const document = rows.get(id);
      const refused = refusal(document, childrenOf.get(id) ?? { parts: [], signers: [], fields: [] }, user);
      outcome.set(id, refused);
      if (document && !refused) ready.push(document);
    }
    const now = deps.now();
    const counted = input.isApiDocument
      ? ready.length
      : await countSentDocuments(tx, {
          userId: user.id,
          count: ready.length,
          monthStart: quotaMonthStart(now, user.timezone),
          now,
        });
    for (const document of ready.slice(counted)) outcome.set(document.id, quotaExceeded(user));
    const sent = ready.slice(0, counted);
    if (sent.length === 0) return outcome;

    const base = { userId: user.id, sourceIp: input.sourceIp ?? null, at: now };
    // The sender signs their own fields in the editor and sends: the certificate of completion gets their browser,
    // address, times and consent as it gets every signer's (nothing 'unknown').
    const preparerRequisites = (documentId: string) => {
      const children = childrenOf.get(documentId);
      const preparer = children?.signers.find((signer) => signer.isPreparer);
      return (children?.fields ?? [])
        .filter((field) => preparer && field.signerId === preparer.id && field.requisiteId !== null)
        .map((field) => field.requisiteId as string);
    };
    const consentRows = await findRequisiteConsents(
      tx,
      sent.flatMap((document) => preparerRequisites(document.id)),
    );
    const consentOf = new Map(consentRows.map((row) => [row.id, row.consent]));
    const senderSigned = (here: Omit<ActivityInput, 'type'>, preparerId: string): ActivityInput[] => [
      { ...here, type: 'view', signerIds: [preparerId], userAgent: input.userAgent ?? null },
      {
        ...here,
        type: 'sign',
        signerIds: [preparerId],
        userAgent: input.userAgent ?? null,
        details: {
          consent: senderConsent(
            preparerRequisites(here.documentId).map((requisiteId) => consentOf.get(requisiteId) ?? null),
          ),
        },
      },
    ];
    const activities: ActivityInput[] = [];
    const completedIds: string[] = [];
    const invitations: { documentId: string; signerId: string }[] = [];
    const awaiting = sent.filter((document) => document.type !== 'me').map((document) => document.id);
    if ((await repo.moveDraftsToAwaiting(tx, { documentIds: awaiting, at: now })).length !== awaiting.length) {
      throw notDraft();
    }
    if (!input.isFormSubmission) await giveAccessCodes(tx, { ownerUserId: user.id, documentIds: awaiting });
    for (const document of sent) {
      const children = childrenOf.get(document.id) ?? { parts: [], signers: [], fields: [] };
      const preparer = children.signers.find((signer) => signer.isPreparer);
      if (preparer) {
        await repo.finishSigner(tx, { documentId: document.id, signerId: preparer.id, at: now });
        // The preparer's fields their conditions hide keep no value (issue 37).
        await clearHiddenFieldValues(tx, { fields: children.fields, signerIds: new Set([preparer.id]) });
      }
      const here = { ...base, documentId: document.id };
      if (document.type === 'me') {
        await repo.markDocumentSent(tx, { documentId: document.id, at: now });
        const isCompleted = await completeDocumentOnce(tx, { documentId: document.id, now, from: ['draft'] });
        if (!isCompleted) throw notDraft();
        completedIds.push(document.id);
        activities.push({ ...here, type: 'send', signerIds: preparer ? [preparer.id] : [] });
        if (preparer) activities.push(...senderSigned(here, preparer.id));
        await queue(deps.sealing.sealDocument, { documentId: document.id });
        continue;
      }
      const mailed = signersWhoseTurnItIs(
        children.signers.filter((signer) => !signer.isPreparer),
        document.isOrdered,
      );
      if (preparer) activities.push(...senderSigned(here, preparer.id));
      activities.push({ ...here, type: 'send', signerIds: mailed.map((signer) => signer.id) });
      invitations.push(...mailed.map((signer) => ({ documentId: document.id, signerId: signer.id })));
    }
    await recordActivities(tx, activities);
    // After the `send`: a document only for me is sent and completed at once.
    for (const documentId of completedIds) await recordEvent(tx, { type: 'document.completed', documentId, at: now });
    for (const invitation of invitations) await queue(deps.signerMails.signerInvitationMail, invitation);
    return outcome;
  }

  return {
    sendDrafts,

    /** PATCH document_sign/documents/{id}/send_out: the owner's (or a teammate's, by the policy) draft sent out. */
    async sendOut(input: {
      userId: string;
      documentId: string;
      sourceIp?: string | undefined;
      userAgent?: string | null;
    }) {
      const document = await authorize(db, {
        actor: userActor(input.userId),
        action: 'document.manage',
        id: input.documentId,
      });
      const user = await findUserById(db, input.userId);
      if (!user) throw notFound();
      const refused = await jobs.transaction(db, async (tx, queue) => {
        const outcome = await sendDrafts(tx, queue, {
          user,
          documentIds: [document.id],
          sourceIp: input.sourceIp,
          userAgent: input.userAgent,
        });
        return outcome.get(document.id);
      });
      if (refused) throw refused;
      const row = await repo.findDocument(db, document.id);
      if (!row) throw notFound();
      return repo.toDocumentDto(row, await repo.loadChildren(db, document.id));
    },
  };
}
export type SendingService = ReturnType<typeof sendingService>;
