import {
  type CreateFormDocumentRequest,
  type DocumentStatus,
  MESSAGES,
  type UpdateFormRequestRequest,
} from '@esign/shared';
import * as documentsRepo from '../../data/documents.js';
import { recordEvent } from '../../data/events.js';
import * as repo from '../../data/forms.js';
import { issueSigningToken } from '../../data/signing-tokens.js';
import { moveTemplateStatus } from '../../data/templates.js';
import { findUserById } from '../../data/users.js';
import type { FormLimits } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { addressKey } from '../../platform/http/address-key.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { Storage } from '../../platform/storage/storage.js';
import { authorize, userActor } from '../access/index.js';
import type { SendingService } from '../sending/index.js';
import type { TemplateService } from '../templates/index.js';

interface FormDeps {
  db: Db;
  jobs: JobQueue;
  templates: TemplateService;
  sending: SendingService;
  storage: Storage;
  limits: FormLimits;
  now: () => Date;
}

const notAvailable = () => new AppError('NOT_FOUND', MESSAGES.formNotAvailable);

/**
 * Forms (documents of type form_request): the owner's calls that are not the templates' (create, edit, disable,
 * enable, the submissions) and the public page's two calls. A form is edited, activated, copied and merged by the
 * templates' service; every owner call starts with the policy (another account's form is 404 'Form not found').
 */
export function formService(deps: FormDeps) {
  const { db, templates } = deps;

  async function requireForm(userId: string, formId: string) {
    return authorize(db, { actor: userActor(userId), action: 'template.manage', id: formId, kind: 'form' });
  }

  async function formDto(formId: string) {
    const row = await documentsRepo.findDocument(db, formId);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.formNotFound);
    return documentsRepo.toDocumentDto(row, await documentsRepo.loadChildren(db, formId));
  }

  /** from -> to, or 409 with `message` when the form is not in `from`. */
  async function moveStatus(input: { userId: string; formId: string }, from: DocumentStatus, to: DocumentStatus) {
    await requireForm(input.userId, input.formId);
    const isMoved = await moveTemplateStatus(db, { templateId: input.formId, from, to });
    if (!isMoved) throw new AppError('CONFLICT', from === 'active' ? MESSAGES.formNotLive : MESSAGES.formNotDisabled);
    return formDto(input.formId);
  }

  return {
    /** POST documents/form-requests: a draft form with its seeded signers (Business only). */
    async createForm(input: { userId: string; title?: string | undefined; sourceIp?: string | undefined }) {
      return templates.createTemplate({ ...input, type: 'form_request' });
    },

    /** PATCH documents/form-requests/{id}: a draft form's (or its replica's) values and fields. */
    async updateForm(input: { userId: string; formId: string; changes: UpdateFormRequestRequest }) {
      await requireForm(input.userId, input.formId);
      return templates.updateTemplate({ userId: input.userId, templateId: input.formId, changes: input.changes });
    },

    /** POST documents/form-requests/{id}/disable: live -> disabled; the public link answers 'not available'. */
    disableForm: (input: { userId: string; formId: string }) => moveStatus(input, 'active', 'disabled'),

    /** POST documents/form-requests/{id}/enable: disabled -> live. */
    enableForm: (input: { userId: string; formId: string }) => moveStatus(input, 'disabled', 'active'),

    /** GET documents/form-requests/{id}/contracts: every document submitted through the form. */
    async listContracts(input: { userId: string; formId: string }) {
      await requireForm(input.userId, input.formId);
      return repo.listSubmittedContracts(db, input.formId);
    },

    /** GET documents/form-requests/{id}/registered-users: who submitted it, each with a count. */
    async listRegisteredUsers(input: { userId: string; formId: string }) {
      await requireForm(input.userId, input.formId);
      return repo.listRegisteredUsers(db, input.formId);
    },

    /**
     * GET document_sign/form-requests/{id}: a live form's title, page count and first page (its PDF's signed URL,
     * an hour); anything else is not available.
     */
    async publicForm(input: { formId: string }) {
      const form = await repo.findForm(db, input.formId);
      if (form?.status !== 'active') throw notAvailable();
      const pages = form.pdfMetadata?.pages ?? [];
      return {
        id: form.id,
        title: form.title,
        pageCount: pages.length,
        pdfUrl: form.pdfFileKey ? await deps.storage.signedGetUrl(form.pdfFileKey, { expiresIn: 60 * 60 }) : null,
        firstPage: pages[0] ? { width: pages[0].width, height: pages[0].height } : null,
      };
    },

    /**
     * POST document_sign/form-requests/{templateId}/create-document, in one transaction: the limits (per address,
     * per form: 429 with the seconds to wait), the live form, a document made from it for the visitor by the
     * templates' service (the owner's 'Me (Now)' fields as prepared, the visitor in the role) and sent by the
     * sending service (the owner's quota counted, the visitor's invitation queued), a signing token for the
     * visitor and the submission row. Any refusal leaves nothing behind.
     */
    async submitForm(input: { formId: string; request: CreateFormDocumentRequest; ip: string }) {
      const ip = addressKey(input.ip);
      const now = deps.now();
      return deps.jobs.transaction(db, async (tx, queue) => {
        const wait = await repo.lockAndCheckLimits(tx, { formId: input.formId, ip, ...deps.limits, now });
        if (wait > 0) {
          throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyFormSubmissions, undefined, {
            'retry-after': String(wait),
          });
        }
        const form = await repo.findForm(tx, input.formId);
        if (form?.status !== 'active') throw notAvailable();
        // Not locked here: the copy locks the form row, then its insert the owner's row (the lists' version), the
        // order every template merge takes too.
        const owner = await findUserById(tx, form.userId);
        if (!owner) throw notAvailable();
        const [documentId] = await templates.createDocumentsIn(tx, {
          userId: owner.id,
          templateId: form.id,
          request: { type: 'others' },
          rows: [{ signers: [input.request.signer] }],
          sourceIp: input.ip,
        });
        if (!documentId) throw notAvailable();
        const outcome = await deps.sending.sendDrafts(tx, queue, {
          user: owner,
          documentIds: [documentId],
          sourceIp: input.ip,
          isFormSubmission: true,
        });
        const refused = outcome.get(documentId);
        // The owner's plan is the owner's business: the visitor learns only that the form takes nothing now.
        if (refused?.code === 'QUOTA_EXCEEDED') throw new AppError('QUOTA_EXCEEDED', MESSAGES.formClosedForNow);
        if (refused) throw refused;
        const signer = (await documentsRepo.listSigners(tx, documentId)).find((row) => !row.isPreparer);
        if (!signer) throw notAvailable();
        await recordEvent(tx, {
          type: 'form.submitted',
          documentId,
          signerIds: [signer.id],
          formId: form.id,
          at: now,
        });
        const signAccessToken = await issueSigningToken(tx, { documentId, signerId: signer.id });
        await repo.insertSubmission(tx, { formId: form.id, documentId, ip, createdAt: now });
        return { documentId, signerId: signer.id, signAccessToken };
      });
    },
  };
}
export type FormService = ReturnType<typeof formService>;
