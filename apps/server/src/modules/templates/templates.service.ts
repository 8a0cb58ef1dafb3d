import {
  type CreateDocumentFromTemplateRequest,
  canCreateForms,
  type DocumentStatus,
  defaultExpiryInstant,
  hasPreparerSigner,
  MESSAGES,
  normalizeEmail,
  normalizePhone,
  sendingErrors,
  signerLineErrors,
  TEMPLATE_LIMITS,
  type TemplateRole,
  templateLimitOf,
  templateQuotaMessage,
  type UpdateTemplateRequest,
} from '@esign/shared';
import { recordActivities, recordActivity } from '../../data/activity.js';
import { listFieldsOf, updateField } from '../../data/document-fields.js';
import * as partsRepo from '../../data/document-parts.js';
import { serverOnlyErrors } from '../../data/document-parts.js';
import * as documentsRepo from '../../data/documents.js';
import * as repo from '../../data/templates.js';
import { findUserById } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { validationError } from '../../platform/http/error-handler.js';
import type { Action } from '../access/index.js';
import { authorize, userActor } from '../access/index.js';
import { assignFoundFields, prefilledText, replaceFields } from '../documents/index.js';
import { replaceRoles, seedFormSigners } from './roles.js';

const notFound = () => new AppError('NOT_FOUND', MESSAGES.templateNotFound);
const conflict = (message: string) => new AppError('CONFLICT', message);
const notOnePerRole = () =>
  validationError([{ path: ['signers'], keyword: 'signers', message: MESSAGES.templateSignersPerRole }]);
/** Documents from one template: the request's type, title and message shared, each row's signers and prefill. */
interface CreateDocumentsInput {
  userId: string;
  templateId: string;
  request: Omit<CreateDocumentFromTemplateRequest, 'signers'>;
  rows: { signers: CreateDocumentFromTemplateRequest['signers']; prefill?: Record<string, string> }[];
  sourceIp?: string | undefined;
  /** When the documents are made (the template's default expiry counts from it); now when not given. */
  now?: Date;
}

const EDITABLE: DocumentStatus[] = ['draft', 'replica'];
/** The kinds of template: a form request is a template anyone may fill in from its public link. */
type TemplateType = 'template' | 'form_request';
const LIVE: DocumentStatus[] = ['active', 'api'];

/**
 * Templates (documents of type `template`): create, edit, activate, the API slot, copy, replica and merge, and
 * documents made from a template. Every call starts with the owner check: another account's template is 404.
 */
export function templateService(deps: { db: Db }) {
  const { db } = deps;

  /** The template, when the policy lets the user do `action` to it: changes are its owner's, use is the team's. */
  async function requireTemplate(userId: string, templateId: string, action: Action = 'template.manage') {
    return authorize(db, { actor: userActor(userId), action, id: templateId, kind: 'template' });
  }

  /**
   * Locks the user and refuses one more counted template over the plan's limit (403 QUOTA_EXCEEDED), or any form
   * outside Business (the same sentence as the plan's templates: the spec's upgrade modal on form save).
   */
  async function requireTemplateRoom(tx: Db, userId: string, type: TemplateType = 'template') {
    const user = await repo.lockUser(tx, userId);
    if (!user) throw notFound();
    if (type === 'form_request') {
      if (!canCreateForms(user)) {
        throw new AppError('QUOTA_EXCEEDED', templateQuotaMessage(user.planType, TEMPLATE_LIMITS[user.planType]));
      }
      return;
    }
    const limit = templateLimitOf(user);
    if (limit >= 0 && (await repo.countCountedTemplates(tx, userId)) >= limit) {
      throw new AppError('QUOTA_EXCEEDED', templateQuotaMessage(user.planType, limit));
    }
  }

  async function templateWithChildren(templateId: string) {
    const row = await documentsRepo.findDocument(db, templateId);
    if (!row) throw notFound();
    return documentsRepo.toDocumentDto(row, await documentsRepo.loadChildren(db, templateId));
  }

  /** The template's requirements not met (section 5, sending checks for templates), with its files' state. */
  async function requirementErrors(tx: Db, template: documentsRepo.DocumentRow, userId: string) {
    const children = await documentsRepo.loadChildren(tx, template.id);
    return [
      ...serverOnlyErrors(template, children.parts),
      ...sendingErrors({
        type: template.type,
        hasFile: template.pdfFileKey !== null,
        currentUserId: userId,
        signers: children.signers,
        fields: children.fields,
      }),
    ];
  }

  /** Copies of a template's content (rows of their own, files shared by key) under the template's row lock. */
  async function copyLocked(
    tx: Db,
    params: {
      templateId: string;
      allowed: DocumentStatus[];
      /** Documents made at this instant: they expire after the template's default expiry in days, if it has one. */
      madeAt?: Date;
    } & Omit<Parameters<typeof repo.copyDocuments>[1], 'sourceId'>,
  ) {
    const { templateId, allowed, madeAt, ...copy } = params;
    const source = await documentsRepo.lockDocument(tx, templateId);
    if (!source || source.deletedAt) throw notFound();
    if (!allowed.includes(source.status)) throw conflict(MESSAGES.templateNotLive);
    const parts = await partsRepo.listParts(tx, source.id);
    if (serverOnlyErrors(source, parts).length > 0) throw conflict(MESSAGES.documentStillProcessing);
    const expiresAt =
      madeAt && source.expiryDays !== null ? defaultExpiryInstant(source.expiryDays, madeAt) : undefined;
    return repo.copyDocuments(tx, {
      sourceId: source.id,
      ...copy,
      values: { ...copy.values, ...(expiresAt ? { expiresAt } : {}) },
    });
  }

  /** One copy of a template's content (see copyLocked): its id. */
  async function copyOneLocked(tx: Db, params: Omit<Parameters<typeof copyLocked>[1], 'copies'>) {
    const { ids } = await copyLocked(tx, { ...params, copies: [{}] });
    const [id] = ids;
    if (!id) throw new Error('template not copied');
    return id;
  }

  /**
   * The values a row's `prefill` gave (issue 37): each meets its field's rules (the editor's check of a sender's
   * value), refused at `fieldValues.<label>` with the rule's message, and is stored in its normal form.
   */
  async function checkPrefills(tx: Db, ids: string[], rows: CreateDocumentsInput['rows']) {
    const labelled = new Map(
      ids.flatMap((id, index) => {
        const given = Object.keys(rows[index]?.prefill ?? {}).map((label) => label.trim().toLowerCase());
        return given.length > 0 ? [[id, new Set(given)] as const] : [];
      }),
    );
    if (labelled.size === 0) return;
    for (const field of await listFieldsOf(tx, [...labelled.keys()])) {
      const label = field.placeholder?.trim() ?? '';
      if (!field.signerId || !field.text || !labelled.get(field.documentId)?.has(label.toLowerCase())) continue;
      const prefilled = prefilledText(field);
      if (!prefilled) continue;
      if (prefilled.problem) {
        throw validationError([{ path: ['fieldValues', label], keyword: 'field', message: prefilled.problem }]);
      }
      if (prefilled.text !== field.text) await updateField(tx, field.id, { text: prefilled.text });
    }
  }

  /**
   * Drafts from the live template, inside `tx`, one per row: each row's signer lines checked, the copies made under
   * the template's lock, the roles counted on the version copied, the preparer added for Me & Others, `create`
   * recorded. A row's `prefill` (a bulk send's) gives text fields assigned to a signer the value under their label
   * (the placeholder, trimmed, any case). Answers the new ids in the rows' order.
   */
  async function makeDocuments(tx: Db, input: CreateDocumentsInput): Promise<string[]> {
    const type = input.request.type ?? 'others';
    for (const row of input.rows) {
      const issues = signerLineErrors(row.signers).map((error) => ({
        path: ['signers', String(error.index), error.field],
        keyword: 'signer',
        message: error.message,
      }));
      if (type !== 'me' && row.signers.length === 0) {
        issues.push({ path: ['signers'], keyword: 'signers', message: MESSAGES.documentNeedsSigner });
      }
      if (issues.length > 0) throw validationError(issues);
    }
    const user = hasPreparerSigner(type) ? await findUserById(tx, input.userId) : undefined;
    const me = user && { userId: user.id, name: user.name, email: user.email, isPreparer: true, order: -1 };
    const { title, message } = input.request;
    const { ids, roles } = await copyLocked(tx, {
      templateId: input.templateId,
      allowed: LIVE,
      // The template's default expiry, counted from now; a caller's own date (the public API's) is set after.
      madeAt: input.now ?? new Date(),
      values: {
        userId: input.userId,
        type,
        status: 'draft',
        templateId: input.templateId,
        ...(title?.trim() ? { title: title.trim() } : {}),
        ...(message !== undefined ? { message: message?.trim() || null } : {}),
      },
      copies: input.rows.map((row) => ({
        // Only Me: the one role is the preparer's.
        signerLines:
          type === 'me' && me
            ? [me]
            : row.signers.map((line) => ({
                name: line.name.trim(),
                email: normalizeEmail(line.email),
                ...(line.verification ? { verification: line.verification } : {}),
                ...(normalizePhone(line.phone) ? { phone: normalizePhone(line.phone) ?? '' } : {}),
              })),
        ...(row.prefill ? { prefill: row.prefill } : {}),
      })),
    });
    // Counted on the copy, under the template's lock: the roles of the version copied, whatever a merge did.
    if (type === 'me' && roles !== 1) {
      throw validationError([{ path: ['type'], keyword: 'type', message: MESSAGES.templateOneRoleForMe }]);
    }
    if (type !== 'me' && input.rows.some((row) => row.signers.length !== roles)) throw notOnePerRole();
    await checkPrefills(tx, ids, input.rows);
    if (type === 'me_and_other' && me) {
      for (const id of ids) await documentsRepo.insertSigner(tx, { ...me, documentId: id });
    }
    const sourceIp = input.sourceIp ?? null;
    await recordActivities(
      tx,
      ids.map((documentId) => ({ documentId, type: 'create', userId: input.userId, sourceIp })),
    );
    return ids;
  }

  return {
    /**
     * POST documents/templates: a draft template with its roles; over the plan's limit 403 QUOTA_EXCEEDED. POST
     * documents/form-requests: a draft form (Business only) with its seeded signers, the owner as 'Me (Now)' at -1
     * and the role 'SIGNER' at 0.
     */
    async createTemplate(input: {
      userId: string;
      type?: TemplateType;
      title?: string | undefined;
      roles?: TemplateRole[] | undefined;
      sourceIp?: string | undefined;
    }) {
      const type = input.type ?? 'template';
      const id = await db.transaction(async (tx) => {
        await requireTemplateRoom(tx, input.userId, type);
        const created = await documentsRepo.insertDocument(tx, {
          userId: input.userId,
          type,
          title: input.title?.trim() ?? '',
        });
        if (type === 'form_request') await seedFormSigners(tx, { formId: created.id, userId: input.userId });
        else if (input.roles) await replaceRoles(tx, { templateId: created.id, roles: input.roles });
        await recordActivity(tx, {
          documentId: created.id,
          type: 'create',
          userId: input.userId,
          sourceIp: input.sourceIp ?? null,
        });
        return created.id;
      });
      return templateWithChildren(id);
    },

    /** PATCH documents/templates/{id}: title, message, ordering, default expiry, roles and fields of a draft or a replica. */
    async updateTemplate(input: { userId: string; templateId: string; changes: UpdateTemplateRequest }) {
      const { title, message, isOrdered, roles, fields, expiryDays } = input.changes;
      await requireTemplate(input.userId, input.templateId);
      await db.transaction(async (tx) => {
        const template = await documentsRepo.lockDocument(tx, input.templateId);
        if (!template) throw notFound();
        if (!EDITABLE.includes(template.status)) throw conflict(MESSAGES.templateNotDraft);
        if (roles && template.type === 'form_request') {
          throw validationError([{ path: ['roles'], keyword: 'roles', message: MESSAGES.formSignersFixed }]);
        }
        if (title !== undefined || message !== undefined || isOrdered !== undefined || expiryDays !== undefined) {
          await documentsRepo.updateDocumentValues(tx, template.id, {
            ...(title !== undefined ? { title: title.trim() } : {}),
            ...(message !== undefined ? { message: message?.trim() || null } : {}),
            ...(isOrdered !== undefined ? { isOrdered } : {}),
            ...(expiryDays !== undefined ? { expiryDays } : {}),
          });
        }
        if (roles) {
          await replaceRoles(tx, { templateId: template.id, roles });
          await assignFoundFields(tx, template.id);
        }
        if (fields) await replaceFields(tx, { document: template, userId: input.userId, fields });
      });
      return templateWithChildren(input.templateId);
    },

    /**
     * PATCH documents/templates/{id}/activate: draft -> active when every requirement is met; otherwise it stays a
     * draft and the answer lists the requirements not met. A live template answers as it is, with no errors.
     */
    async activateTemplate(input: { userId: string; templateId: string }) {
      await requireTemplate(input.userId, input.templateId);
      const errors = await db.transaction(async (tx) => {
        const template = await documentsRepo.lockDocument(tx, input.templateId);
        if (!template) throw notFound();
        if (LIVE.includes(template.status)) return [];
        if (template.status !== 'draft') throw conflict(MESSAGES.templateNotDraft);
        const found = await requirementErrors(tx, template, input.userId);
        if (found.length === 0)
          await repo.moveTemplateStatus(tx, { templateId: template.id, from: 'draft', to: 'active' });
        return found;
      });
      return { template: await templateWithChildren(input.templateId), errors };
    },

    /** POST documents/templates/{id}/to-api: active -> api (no longer counted against the plan's limit). */
    async addToApi(input: { userId: string; templateId: string }) {
      await requireTemplate(input.userId, input.templateId);
      const isMoved = await repo.moveTemplateStatus(db, { templateId: input.templateId, from: 'active', to: 'api' });
      if (!isMoved) throw conflict(MESSAGES.templateNotActive);
      return templateWithChildren(input.templateId);
    },

    /** DELETE documents/templates/{id}/to-api: api -> active, counted again (403 QUOTA_EXCEEDED over the limit). */
    async removeFromApi(input: { userId: string; templateId: string }) {
      await requireTemplate(input.userId, input.templateId);
      await db.transaction(async (tx) => {
        await requireTemplateRoom(tx, input.userId);
        const isMoved = await repo.moveTemplateStatus(tx, { templateId: input.templateId, from: 'api', to: 'active' });
        if (!isMoved) throw conflict(MESSAGES.templateNotInApi);
      });
      return templateWithChildren(input.templateId);
    },

    /**
     * POST documents/templates/{id}/copy: a duplicate with its own parts, roles and fields (stored files shared by
     * key). It keeps a draft's or a live template's status; a copy of an api template is live. Counted.
     */
    async copyTemplate(input: { userId: string; templateId: string; sourceIp?: string | undefined }) {
      const source = await requireTemplate(input.userId, input.templateId);
      const id = await db.transaction(async (tx) => {
        await requireTemplateRoom(tx, input.userId, source.type === 'form_request' ? 'form_request' : 'template');
        const created = await copyOneLocked(tx, {
          templateId: source.id,
          allowed: ['draft', 'active', 'api', 'disabled'],
          values: { userId: input.userId, type: source.type, status: source.status === 'draft' ? 'draft' : 'active' },
        });
        await recordActivity(tx, {
          documentId: created,
          type: 'create',
          userId: input.userId,
          sourceIp: input.sourceIp ?? null,
        });
        return created;
      });
      return templateWithChildren(id);
    },

    /**
     * GET documents/templates/{id}/replica: a copy of a live template to edit (status replica, not counted), which
     * merge puts in place of its source. A template has at most one open replica: opening the editor again (a reload,
     * a second tab) answers the same one, so replicas do not pile up and two of them cannot overwrite each other.
     */
    async createReplica(input: { userId: string; templateId: string }) {
      const source = await requireTemplate(input.userId, input.templateId);
      const id = await db.transaction(async (tx) => {
        await documentsRepo.lockDocument(tx, input.templateId);
        const open = await repo.findOpenReplica(tx, { userId: input.userId, sourceId: input.templateId });
        if (open) return open.id;
        const created = await copyOneLocked(tx, {
          templateId: input.templateId,
          allowed: LIVE,
          values: { userId: input.userId, type: source.type, status: 'replica', sourceTemplateId: input.templateId },
        });
        return created;
      });
      return templateWithChildren(id);
    },

    /**
     * POST documents/templates/{sourceId}/replica/{templateId}/merge: in one transaction under the source's row
     * lock, the source takes the replica's values, roles, fields and parts (rows moved whole), and the replica row
     * is removed. A replica that does not meet the template requirements answers 422 with the list.
     */
    async mergeReplica(input: { userId: string; sourceId: string; replicaId: string; sourceIp?: string | undefined }) {
      await requireTemplate(input.userId, input.sourceId);
      const replica = await requireTemplate(input.userId, input.replicaId);
      if (replica.status !== 'replica' || replica.sourceTemplateId !== input.sourceId) throw notFound();
      await db.transaction(async (tx) => {
        const source = await documentsRepo.lockDocument(tx, input.sourceId);
        if (!source || source.deletedAt) throw notFound();
        if (!LIVE.includes(source.status)) throw conflict(MESSAGES.templateNotLive);
        const locked = await documentsRepo.lockDocument(tx, input.replicaId);
        if (locked?.status !== 'replica' || locked.deletedAt) throw notFound();
        const errors = await requirementErrors(tx, locked, input.userId);
        if (errors.length > 0) {
          throw new AppError(
            'SENDING_CHECKS_FAILED',
            errors[0] ?? MESSAGES.templateHasValidationErrors,
            errors.map((message) => ({ property: 'template', constraints: { requirement: message }, children: [] })),
          );
        }
        await repo.deleteChildren(tx, source.id);
        await repo.moveChildren(tx, { fromId: locked.id, toId: source.id });
        await repo.takeContentOf(tx, { templateId: source.id, replica: locked });
        await repo.deleteDocumentRow(tx, locked.id);
        await recordActivity(tx, {
          documentId: source.id,
          type: 'update',
          userId: input.userId,
          sourceIp: input.sourceIp ?? null,
        });
      });
      return templateWithChildren(input.sourceId);
    },

    /** GET documents/all/templates: the caller's live templates with their roles, for the pickers. */
    async listLiveTemplates(input: { userId: string; teamId: string | null }) {
      return repo.listLiveTemplates(db, input);
    },

    /**
     * POST documents/templates/{id}/create-document: a new draft (of the request's type; others by default) made
     * from a live template under its row lock, so a merge at the same moment gives the old or the new version
     * whole: its own parts, fields and roles, the signers given filling the roles in order, `templateId` recorded.
     */
    async createDocument(input: {
      userId: string;
      templateId: string;
      request: CreateDocumentFromTemplateRequest;
      sourceIp?: string | undefined;
    }) {
      await requireTemplate(input.userId, input.templateId, 'template.use');
      const { signers, ...request } = input.request;
      const [id] = await db.transaction((tx) => makeDocuments(tx, { ...input, request, rows: [{ signers }] }));
      if (!id) throw notFound();
      return templateWithChildren(id);
    },

    /**
     * Drafts made the same way inside the caller's transaction (a bulk send's rows), answering only their ids in
     * the rows' order; the policy asked on that transaction too.
     */
    async createDocumentsIn(tx: Db, input: CreateDocumentsInput): Promise<string[]> {
      await authorize(tx, {
        actor: userActor(input.userId),
        action: 'template.use',
        id: input.templateId,
        kind: 'template',
      });
      return makeDocuments(tx, input);
    },
  };
}
export type TemplateService = ReturnType<typeof templateService>;
