import {
  type CreateDocumentFromTemplateRequest,
  type DocumentStatus,
  hasPreparerSigner,
  MESSAGES,
  normalizeEmail,
  sendingErrors,
  signerLineErrors,
  type TemplateRole,
  templateLimitOf,
  templateQuotaMessage,
  type UpdateTemplateRequest,
} from '@esign/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { validationError } from '../../platform/http/error-handler.js';
import { authorize, userActor } from '../access/access.repository.js';
import type { Action } from '../access/policy.js';
import { recordActivity } from '../activity/activity.repository.js';
import * as partsRepo from '../documents/document-parts.repository.js';
import * as documentsRepo from '../documents/documents.repository.js';
import { replaceFields } from '../documents/fields.js';
import { serverOnlyErrors } from '../sending/sending.service.js';
import { findUserById } from '../users/users.repository.js';
import { replaceRoles } from './roles.js';
import * as repo from './templates.repository.js';

const notFound = () => new AppError('NOT_FOUND', MESSAGES.templateNotFound);
const conflict = (message: string) => new AppError('CONFLICT', message);
const notOnePerRole = () =>
  validationError([{ path: ['signers'], keyword: 'signers', message: MESSAGES.templateSignersPerRole }]);
const EDITABLE: DocumentStatus[] = ['draft', 'replica'];
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

  /** Locks the user and refuses one more counted template over the plan's limit (403 QUOTA_EXCEEDED). */
  async function requireTemplateRoom(tx: Db, userId: string) {
    const user = await repo.lockUser(tx, userId);
    if (!user) throw notFound();
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
        type: 'template',
        hasFile: template.pdfFileKey !== null,
        currentUserId: userId,
        signers: children.signers,
        fields: children.fields,
      }),
    ];
  }

  /** A copy of a template's content (rows of its own, files shared by key) under the template's row lock. */
  async function copyLocked(
    tx: Db,
    params: { templateId: string; allowed: DocumentStatus[] } & Omit<
      Parameters<typeof repo.copyDocument>[1],
      'sourceId'
    >,
  ) {
    const { templateId, allowed, ...copy } = params;
    const source = await documentsRepo.lockDocument(tx, templateId);
    if (!source || source.deletedAt) throw notFound();
    if (!allowed.includes(source.status)) throw conflict(MESSAGES.templateNotLive);
    const parts = await partsRepo.listParts(tx, source.id);
    if (serverOnlyErrors(source, parts).length > 0) throw conflict(MESSAGES.documentStillProcessing);
    return repo.copyDocument(tx, { sourceId: source.id, ...copy });
  }

  return {
    /** POST documents/templates: a draft template with its roles; over the plan's limit 403 QUOTA_EXCEEDED. */
    async createTemplate(input: {
      userId: string;
      title?: string | undefined;
      roles?: TemplateRole[] | undefined;
      sourceIp?: string | undefined;
    }) {
      const id = await db.transaction(async (tx) => {
        await requireTemplateRoom(tx, input.userId);
        const created = await documentsRepo.insertDocument(tx, {
          userId: input.userId,
          type: 'template',
          title: input.title?.trim() ?? '',
        });
        if (input.roles) await replaceRoles(tx, { templateId: created.id, roles: input.roles });
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

    /** PATCH documents/templates/{id}: title, message, ordering, roles and fields of a draft or a replica. */
    async updateTemplate(input: { userId: string; templateId: string; changes: UpdateTemplateRequest }) {
      const { title, message, isOrdered, roles, fields } = input.changes;
      await requireTemplate(input.userId, input.templateId);
      await db.transaction(async (tx) => {
        const template = await documentsRepo.lockDocument(tx, input.templateId);
        if (!template) throw notFound();
        if (!EDITABLE.includes(template.status)) throw conflict(MESSAGES.templateNotDraft);
        if (title !== undefined || message !== undefined || isOrdered !== undefined) {
          await documentsRepo.updateDocumentValues(tx, template.id, {
            ...(title !== undefined ? { title: title.trim() } : {}),
            ...(message !== undefined ? { message: message?.trim() || null } : {}),
            ...(isOrdered !== undefined ? { isOrdered } : {}),
          });
        }
        if (roles) await replaceRoles(tx, { templateId: template.id, roles });
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
        await requireTemplateRoom(tx, input.userId);
        const created = await copyLocked(tx, {
          templateId: source.id,
          allowed: ['draft', 'active', 'api'],
          values: { userId: input.userId, type: 'template', status: source.status === 'draft' ? 'draft' : 'active' },
        });
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

    /**
     * GET documents/templates/{id}/replica: a copy of a live template to edit (status replica, not counted), which
     * merge puts in place of its source. A template has at most one open replica: opening the editor again (a reload,
     * a second tab) answers the same one, so replicas do not pile up and two of them cannot overwrite each other.
     */
    async createReplica(input: { userId: string; templateId: string }) {
      await requireTemplate(input.userId, input.templateId);
      const id = await db.transaction(async (tx) => {
        await documentsRepo.lockDocument(tx, input.templateId);
        const open = await repo.findOpenReplica(tx, { userId: input.userId, sourceId: input.templateId });
        if (open) return open.id;
        const created = await copyLocked(tx, {
          templateId: input.templateId,
          allowed: LIVE,
          values: { userId: input.userId, type: 'template', status: 'replica', sourceTemplateId: input.templateId },
        });
        return created.id;
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
    async listLiveTemplates(input: { userId: string }) {
      return repo.listLiveTemplates(db, input.userId);
    },

    /**
     * POST documents/templates/{id}/create-document: a new draft (type others) made from a live template under its
     * row lock, so a merge at the same moment gives the old or the new version whole: its own parts, fields and
     * roles, the signers given filling the roles in order, `templateId` recorded. `prefill` (a bulk send's row)
     * gives text fields assigned to a signer the value under their label (the placeholder, trimmed, any case).
     */
    async createDocument(input: {
      userId: string;
      templateId: string;
      request: CreateDocumentFromTemplateRequest;
      prefill?: Record<string, string> | undefined;
      sourceIp?: string | undefined;
    }) {
      const template = await requireTemplate(input.userId, input.templateId, 'template.use');
      const type = input.request.type ?? 'others';
      const lines = input.request.signers;
      const issues = signerLineErrors(lines).map((error) => ({
        path: ['signers', String(error.index), error.field],
        keyword: 'signer',
        message: error.message,
      }));
      if (type !== 'me' && lines.length === 0) {
        issues.push({ path: ['signers'], keyword: 'signers', message: MESSAGES.documentNeedsSigner });
      }
      if (issues.length > 0) throw validationError(issues);
      const user = hasPreparerSigner(type) ? await findUserById(db, input.userId) : undefined;
      const me = user && { userId: user.id, name: user.name, email: user.email, isPreparer: true, order: -1 };
      const id = await db.transaction(async (tx) => {
        const created = await copyLocked(tx, {
          templateId: template.id,
          allowed: LIVE,
          values: {
            userId: input.userId,
            type,
            status: 'draft',
            templateId: template.id,
            ...(input.request.title?.trim() ? { title: input.request.title.trim() } : {}),
            ...(input.request.message !== undefined ? { message: input.request.message?.trim() || null } : {}),
          },
          // Only Me: the one role is the preparer's.
          signerLines:
            type === 'me' && me
              ? [me]
              : lines.map((line) => ({ name: line.name.trim(), email: normalizeEmail(line.email) })),
          ...(input.prefill ? { prefill: input.prefill } : {}),
        });
        // Counted on the copy, under the template's lock: the roles of the version copied, whatever a merge did.
        const { roles } = created;
        if (type === 'me' && roles !== 1) {
          throw validationError([{ path: ['type'], keyword: 'type', message: MESSAGES.templateOneRoleForMe }]);
        }
        if (type !== 'me' && roles !== lines.length) throw notOnePerRole();
        if (type === 'me_and_other' && me) await documentsRepo.insertSigner(tx, { ...me, documentId: created.id });
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
  };
}
export type TemplateService = ReturnType<typeof templateService>;
