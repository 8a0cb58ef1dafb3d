import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_CODE_FAILURE_LIMIT,
  ACCESS_CODE_FAILURE_WINDOW_SECONDS,
  ACCESS_CODE_LINK_FAILURE_LIMIT,
  type DocumentFieldResponse,
  type EndedStatus,
  FIELD_KINDS,
  isEndedStatus,
  MESSAGES,
  requiredUnsignedFields,
  type SignerFieldValue,
  safeRedirectionUrl,
  stepOf,
} from '@esign/shared';
import { recordActivity } from '../../data/activity.js';
import {
  allowedValueTypesOf,
  companyOfDocumentOwner,
  type DocumentCompany,
  signerCompanyOf,
} from '../../data/company.js';
import { listFields, toFieldDto, updateField } from '../../data/document-fields.js';
import { type DocumentRow, listSigners, lockDocument, type SignerRow } from '../../data/documents.js';
import { attachmentAnswer, saveAttachment } from '../../data/field-attachments.js';
import { findLinkOrigin } from '../../data/lifecycle.js';
import { findRejection } from '../../data/recipient-actions.js';
import { revokeSigningToken } from '../../data/recipient-changes.js';
import { findRequisitesToStamp } from '../../data/requisites.js';
import * as repo from '../../data/signing.js';
import { findSigningSession } from '../../data/signing-tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { addressKey } from '../../platform/http/address-key.js';
import type { JobQueue } from '../../platform/jobs.js';
import { newFileKey } from '../../platform/storage/keys.js';
import type { Storage } from '../../platform/storage/storage.js';
import { can, resourceOf } from '../access/index.js';
import type { SealingJobs } from '../sealing/index.js';
import type { SignerMailJobs } from '../sending/index.js';
import { signersWhoseTurnItIs } from '../sending/index.js';
import { type AttachedFile, readAttachment } from './attachments.js';
import { applySignerFieldValues, clearHiddenValues, settleComputedValues, signerDetails } from './field-values.js';
import { fieldsSeenBySigner, withPrefills } from './given-values.js';
import { pendingChecks } from './identity-check.js';
import { hostDetails } from './in-person.service.js';
import type { OpenedMailJobs } from './opened.mails.js';
import type { SignedMailJobs } from './signed.mails.js';
import { passTheTurn } from './turn-passing.js';

interface SignerDeps {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  sealing: SealingJobs;
  openedMails: OpenedMailJobs;
  signedMails: SignedMailJobs;
  /** The next step's recipients of an ordered document get the send-out's invitation mail. */
  signerMails: SignerMailJobs;
  now: () => Date;
}

/** Who is asking: the signing link's token (header), for one document and, when named, one signer. */
export interface SignerRequest {
  documentId: string;
  token: string | undefined;
  signerId?: string;
}

export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

/** The code a signer types: their own (a correction gave it), else the document's. */
function accessCodeOf(session: { document: DocumentRow; signer: SignerRow }): string | null {
  return session.signer.accessCode ?? session.document.codeAccess;
}

const linkInvalid = () => new AppError('NOT_FOUND', MESSAGES.signingLinkInvalid);

/** Constant-time comparison of two codes (digests of equal length, whatever the inputs' lengths). */
function codesMatch(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Where the signer goes after signing: the document's own page, else its company's (http or https only). */
function redirectionPageOf(document: DocumentRow, company: DocumentCompany | null): string | null {
  return safeRedirectionUrl(document.redirectionPage) ?? safeRedirectionUrl(company?.redirectionPage);
}

/** The signer may fill in and sign now: the document awaits signatures and it is this signer's turn. */
export function isSignersTurn(document: DocumentRow, signer: SignerRow, signerRows: SignerRow[]): boolean {
  if (document.status !== 'awaiting') return false;
  return signersWhoseTurnItIs(signerRows, document.isOrdered).some((row) => row.id === signer.id);
}

export function signerService(deps: SignerDeps) {
  const { db, storage, jobs, now } = deps;

  /**
   * The access check of every signer call: a live token of this document (else 404), for the signer named in
   * the path (else 403), as the access policy's signer, and, when the document has an access code, confirmed with this token (else 403
   * ACCESS_CODE_REQUIRED) unless the call is the confirmation itself, and, when the recipient's identity is checked
   * by a code (issue 38, `identity-check.ts`), every check passed with this token (else 403 IDENTITY_CHECK_REQUIRED)
   * unless the call is the check itself.
   */
  async function authenticate(request: SignerRequest, options: { needsCode?: boolean; needsIdentity?: boolean } = {}) {
    if (!request.token) throw linkInvalid();
    const session = await findSigningSession(db, { documentId: request.documentId, token: request.token });
    if (!session || session.document.deletedAt) throw linkInvalid();
    // A declined, voided or expired document opens no more (its page says why: linkStatus).
    if (isEndedStatus(session.document.status)) throw linkInvalid();
    if (request.signerId !== undefined && session.signer.id !== request.signerId) {
      throw new AppError('FORBIDDEN', MESSAGES.signingLinkInvalid);
    }
    // The policy's signer: the token's signer, of the token's document.
    const actor = { kind: 'signer', documentId: session.document.id, signerId: session.signer.id } as const;
    if (!can(actor, 'document.sign', resourceOf(session.document))) throw linkInvalid();
    const needsCode = options.needsCode ?? true;
    if (needsCode && accessCodeOf(session) && !session.token.codeConfirmedAt) {
      throw new AppError('ACCESS_CODE_REQUIRED', MESSAGES.accessCodeRequired);
    }
    const needsIdentity = options.needsIdentity ?? needsCode;
    if (needsIdentity && pendingChecks(session.signer, session.token).length > 0) {
      throw new AppError('IDENTITY_CHECK_REQUIRED', MESSAGES.identityCheckRequired);
    }
    return session;
  }

  function signerWithContact(signer: SignerRow) {
    return {
      id: signer.id,
      name: signer.name,
      order: signer.order,
      recipientRole: signer.recipientRole,
      step: stepOf(signer),
      isPreparer: signer.isPreparer,
      isFinished: signer.isFinished,
      email: signer.email,
      userId: signer.userId,
    };
  }

  /** Others' given signatures and initials carry a signed URL of their picture (the signer's own come with theirs). */
  async function withGivenPictures<F extends DocumentFieldResponse>(fields: F[], signerId: string) {
    const given = fields.filter(
      (field) => field.signerId !== signerId && field.requisiteId !== null && FIELD_KINDS[field.type].value === 'image',
    );
    const pictures = await findRequisitesToStamp(db, [...new Set(given.map((field) => field.requisiteId ?? ''))]);
    const urls = new Map<string, string>();
    for (const picture of pictures) {
      if (picture.fileKey) urls.set(picture.id, await storage.signedGetUrl(picture.fileKey, { expiresIn: 60 * 60 }));
    }
    return fields.map((field) => ({
      ...field,
      imageUrl: field.signerId !== signerId && field.requisiteId ? (urls.get(field.requisiteId) ?? null) : null,
    }));
  }

  return {
    authenticate,

    /** The signers the token may act as: the one signer the link was made for. */
    /**
     * What the page of a link that does not open may tell: who sent it, for a token once issued for this document
     * (live or replaced); nothing for any other token, so a made-up one learns nothing.
     */
    async linkStatus(request: SignerRequest): Promise<{ senderName: string | null; reason?: EndedStatus }> {
      if (!request.token) return { senderName: null };
      const origin = await findLinkOrigin(db, { documentId: request.documentId, token: request.token });
      const status = origin?.status;
      // Why it ended, only for a document that did (declined, voided, expired).
      return { senderName: origin?.senderName ?? null, ...(status && isEndedStatus(status) ? { reason: status } : {}) };
    },

    async availableSigners(request: SignerRequest) {
      const { signer } = await authenticate(request, { needsCode: false });
      return [signerWithContact(signer)];
    },

    async signerDocument(request: SignerRequest & { signerId: string }) {
      const { document, signer, token } = await authenticate(request);
      const [signerRows, fieldRows, senderName, company, rejection, host] = await Promise.all([
        listSigners(db, document.id),
        listFields(db, document.id),
        repo.findOwnerName(db, document.userId),
        companyOfDocumentOwner(db, document.userId),
        signer.recipientRole === 'approver'
          ? findRejection(db, { documentId: document.id, signerId: signer.id })
          : Promise.resolve(undefined),
        hostDetails(db, token),
      ]);
      const fileKey = document.resultPdfFileKey ?? document.pdfFileKey;
      return {
        document: {
          id: document.id,
          title: document.title,
          message: document.message,
          status: document.status,
          isOrdered: document.isOrdered,
          testMode: document.testMode,
          embedOrigins: document.embedOrigins,
          redirectionPage: redirectionPageOf(document, company),
          pdfMetadata: document.pdfMetadata ?? null,
          pdfUrl: fileKey ? await storage.signedGetUrl(fileKey, { expiresIn: 60 * 60 }) : null,
          senderName,
          language: signer.language ?? document.language ?? null,
          allowReassign: document.allowReassign,
          inPersonHost: host.hostedBy ?? null,
          expiresAt: document.expiresAt?.toISOString() ?? null,
        },
        signer: signerWithContact(signer),
        signers: signerRows.map((row) => ({
          id: row.id,
          name: row.name,
          order: row.order,
          recipientRole: row.recipientRole,
          step: stepOf(row),
          isPreparer: row.isPreparer,
          isFinished: row.isFinished,
        })),
        fields: await withGivenPictures(
          withPrefills(
            fieldsSeenBySigner(fieldRows.map(toFieldDto), signer.id, signerRows),
            signer.id,
            await signerDetails(db, signer),
          ),
          signer.id,
        ),
        isMyTurn: isSignersTurn(document, signer, signerRows),
        rejection: rejection ? { at: rejection.at.toISOString(), reason: rejection.reason } : null,
        company: signerCompanyOf(company),
        signatureTypes: allowedValueTypesOf(company),
      };
    },

    /**
     * Wrong codes are limited per signer and address (5 in 15 minutes, then 429 for that address) and per link (25
     * from all addresses, then the link is locked for everyone and its owner sees the signer locked; a new link lets
     * the signer in), counted one by one even under parallel guesses.
     */
    async confirmCode(request: SignerRequest & { signerId: string; code: string; origin: RequestOrigin }) {
      const session = await authenticate(request, { needsCode: false });
      const { signer, token } = session;
      const expected = accessCodeOf(session);
      if (!expected || token.codeConfirmedAt) return { success: true as const };
      const at = now();
      const since = new Date(at.getTime() - ACCESS_CODE_FAILURE_WINDOW_SECONDS * 1000);
      const attempt = { signerId: signer.id, tokenId: token.id, ip: addressKey(request.origin.ip) };
      const outcome = await db.transaction(async (tx) => {
        const failures = await repo.lockAndCountAccessCodeFailures(tx, { ...attempt, since });
        if (failures.byLink >= ACCESS_CODE_LINK_FAILURE_LIMIT || failures.byAddress >= ACCESS_CODE_FAILURE_LIMIT) {
          return 'limited' as const;
        }
        if (!codesMatch(request.code, expected)) {
          await repo.recordAccessCodeFailure(tx, { ...attempt, at });
          if (failures.byLink + 1 >= ACCESS_CODE_LINK_FAILURE_LIMIT) {
            await repo.markSignerAccessLocked(tx, { signerId: signer.id, at });
          }
          return 'wrong' as const;
        }
        await repo.confirmCodeForToken(tx, { tokenId: token.id, at });
        return 'confirmed' as const;
      });
      if (outcome === 'limited') throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyAccessCodeAttempts);
      if (outcome === 'wrong') throw new AppError('FORBIDDEN', MESSAGES.accessCodeIncorrect);
      return { success: true as const };
    },

    /** The `view` activity, once per link session (token), with where it was opened from. */
    async signatoryOpened(request: SignerRequest & { signerId: string; origin: RequestOrigin }) {
      const { document, signer, token } = await authenticate(request);
      await jobs.transaction(db, async (tx, queue) => {
        await repo.lockSigningToken(tx, token.id);
        if (await repo.hasViewForToken(tx, { documentId: document.id, tokenId: token.id })) return;
        await recordActivity(tx, {
          documentId: document.id,
          type: 'view',
          signerIds: [signer.id],
          sourceIp: request.origin.ip,
          userAgent: request.origin.userAgent,
          details: { tokenId: token.id, ...(await hostDetails(tx, token)) },
          at: now(),
        });
        await queue(deps.openedMails.openedMail, { documentId: document.id, signerId: signer.id });
      });
      return { success: true as const };
    },

    /** Saves values of the signer's own fields while it is the signer's turn. */
    async updateFields(request: SignerRequest & { signerId: string; values: SignerFieldValue[] }) {
      const { document } = await authenticate(request);
      const company = await companyOfDocumentOwner(db, document.userId);
      const updated = await db.transaction(async (tx) => {
        const { signer, ownFields } = await lockForSigning(tx, request);
        return applySignerFieldValues(tx, {
          signer,
          fields: ownFields,
          values: request.values,
          signatureTypes: allowedValueTypesOf(company),
          now: now(),
        });
      });
      return updated.map(toFieldDto);
    },

    /**
     * An attachment field's file (issue 37), while it is the signer's turn: checked by content (readAttachment),
     * stored under the document's prefix (so retention and backup take it with the document), recorded with its
     * SHA-256, and its name written as the field's text. A second file replaces the first.
     */
    async attachFile(request: SignerRequest & { signerId: string; fieldId: string; file: AttachedFile }) {
      try {
        await authenticate(request);
      } catch (error) {
        request.file.stream.resume();
        throw error;
      }
      const file = await readAttachment(request.file);
      const fileKey = newFileKey(`documents/${request.documentId}/attachments`, file.fileName);
      await storage.put(fileKey, file.bytes, file.contentType);
      let saved: Awaited<ReturnType<typeof saveAttachment>>;
      try {
        saved = await db.transaction(async (tx) => {
          const { ownFields } = await lockForSigning(tx, request);
          const field = ownFields.find((own) => own.id === request.fieldId);
          if (!field || FIELD_KINDS[field.type].rule !== 'attachment') {
            throw new AppError('FORBIDDEN', MESSAGES.notYourField);
          }
          const result = await saveAttachment(tx, {
            documentId: request.documentId,
            fieldId: field.id,
            fileKey,
            fileName: file.fileName,
            contentType: file.contentType,
            sizeBytes: file.bytes.length,
            sha256: file.sha256,
          });
          await updateField(tx, field.id, { text: file.fileName });
          return result;
        });
      } catch (error) {
        await storage.delete(fileKey).catch(() => undefined);
        throw error;
      }
      if (saved.replacedKey) await storage.delete(saved.replacedKey).catch(() => undefined);
      return attachmentAnswer(saved.row);
    },

    /**
     * Finishes the signer: fields saved, every required field signed, the `sign` activity with the consent. A
     * finished signer's second submit changes nothing and answers as the first. The last signer's finish
     * completes the document exactly once and queues the seal; on an ordered document the next signer is
     * invited.
     */
    async sign(
      request: SignerRequest & {
        signerId: string;
        values: SignerFieldValue[];
        consent: string;
        origin: RequestOrigin;
      },
    ) {
      const session = await authenticate(request);
      const company = await companyOfDocumentOwner(db, session.document.userId);
      // The seal, or the next signer's invitation, is queued in the transaction that records the signature.
      const outcome = await jobs.transaction(db, async (tx, queue) => {
        const document = await lockDocument(tx, request.documentId);
        const current = await repo.findSignerRow(tx, request.signerId);
        if (!document || !current) throw linkInvalid();
        const answer = (status: DocumentRow['status']) => ({
          isFinished: true as const,
          documentStatus: status,
          redirectionPage: redirectionPageOf(document, company),
        });
        if (current.isFinished) return { answer: answer(document.status), isCompleted: false };

        const { signer, ownFields, signerRows, allFields } = await lockForSigning(tx, request, document);
        const at = now();
        const saved = await applySignerFieldValues(tx, {
          signer,
          fields: ownFields,
          values: request.values,
          signatureTypes: allowedValueTypesOf(company),
          now: at,
        });
        // A field its condition hides (issue 37) keeps no value and is not required.
        const shown = await clearHiddenValues(tx, { fields: saved, allFields, signerRows, signerId: signer.id });
        const fields = await settleComputedValues(tx, {
          signer,
          fields: shown.fields,
          allFields,
          values: request.values,
          hidden: shown.hidden,
        });
        if (requiredUnsignedFields(fields.filter((field) => !shown.hidden.has(field.id))).length > 0) {
          throw new AppError('VALIDATION_ERROR', MESSAGES.requiredFieldsUnsigned);
        }
        await repo.finishSigner(tx, { signerId: signer.id, at });
        await recordActivity(tx, {
          documentId: document.id,
          type: 'sign',
          signerIds: [signer.id],
          sourceIp: request.origin.ip,
          userAgent: request.origin.userAgent,
          details: { consent: request.consent, ...(await hostDetails(tx, session.token)) },
          at,
        });
        // An in-person signing's link is single use: it dies with the signature it was made for.
        if (session.token.hostedByUserId) await revokeSigningToken(tx, { tokenId: session.token.id, now: at });
        // The `complete` activity is the seal's: it carries the final PDF's SHA-256 (modules/sealing).
        const { isCompleted } = await passTheTurn(tx, queue, deps, { document, signerRows, actedId: signer.id, at });
        if (!isCompleted) {
          await queue(deps.signedMails.signerSignedMail, { documentId: document.id, signerId: signer.id });
        }
        return { answer: answer(isCompleted ? 'completed' : document.status), isCompleted };
      });
      return outcome.answer;
    },
  };

  /** With the document locked: the signer may change its fields now (awaiting, unfinished, its turn). */
  async function lockForSigning(tx: Db, request: { documentId: string; signerId: string }, locked?: DocumentRow) {
    const document = locked ?? (await lockDocument(tx, request.documentId));
    if (!document) throw linkInvalid();
    const signerRows = await listSigners(tx, document.id);
    const signer = signerRows.find((row) => row.id === request.signerId);
    if (!signer) throw linkInvalid();
    if (signer.isFinished) throw new AppError('CONFLICT', MESSAGES.signerAlreadyFinished);
    if (document.status !== 'awaiting') throw new AppError('CONFLICT', MESSAGES.documentNotAwaiting);
    if (!isSignersTurn(document, signer, signerRows)) throw new AppError('FORBIDDEN', MESSAGES.notYourTurn);
    if (signer.recipientRole !== 'signer') throw new AppError('FORBIDDEN', MESSAGES.notYourRoleAction);
    const allFields = await listFields(tx, document.id);
    const ownFields = allFields.filter((field) => field.signerId === signer.id);
    return { document, signer, signerRows, ownFields, allFields };
  }
}
export type SignerService = ReturnType<typeof signerService>;
