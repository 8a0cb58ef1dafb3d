import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { SENT_DOCUMENT_TYPES } from '../documents/constants.js';
import { MAX_SIGNERS } from '../documents/field-appearance.js';
import { MAX_STEP, RECIPIENT_ROLES } from '../documents/recipient-steps.js';
import { SIGNER_VERIFICATIONS } from '../documents/signer-verification.js';
import { plainText, requiredString } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { document, documentField, documentIdParams, expiryDays, signerInput } from './documents.js';

/**
 * Templates (spec sections 4, 6 and 7): documents of type `template` whose signers are roles (a role name instead
 * of a name and an e-mail). Files are uploaded, removed and reordered through the documents' own calls
 * (file_upload, file_clean, PATCH documents/{id} parts) while the template is a draft.
 */
export const templateRole = z.object({
  /** The role's signer id, when it already exists. */
  id: z.string().uuid().optional(),
  role: requiredString(100).transform((value) => value.trim()),
  /** What the role's recipient does; a signer when not given. */
  recipientRole: z.enum(RECIPIENT_ROLES).default('signer'),
  /** The role's step of the order; not given, its place in the list. */
  step: z.number().int().min(1).max(MAX_STEP).optional(),
  /** How the role's recipient proves who they are (issue 38); an SMS code needs the phone when the template is used. */
  verification: z.enum(SIGNER_VERIFICATIONS).optional(),
});
export type TemplateRole = z.input<typeof templateRole>;

const templateTitle = plainText().max(100, MESSAGES.maxLength100);

export const createTemplateRequest = z.object({
  title: templateTitle.optional(),
  roles: z.array(templateRole).max(MAX_SIGNERS, MESSAGES.signersLimit).optional(),
});
/** POST documents/templates: a draft template; over the plan's template limit 403 QUOTA_EXCEEDED. */
export const createTemplate = { ...ROUTES.createTemplate, body: createTemplateRequest, response: document } as const;

/**
 * The template setup form (title and roles) on both sides: a title; one role or more, each required; identical
 * roles (compared trimmed, in any case) are 'One or more signers are identical' on the later row.
 */
export const templateFormSchema = z
  .object({
    title: requiredString(100),
    roles: z.array(templateRole).min(1, MESSAGES.required).max(MAX_SIGNERS, MESSAGES.signersLimit),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.roles.forEach((role, index) => {
      const key = role.role.trim().toLowerCase();
      if (key !== '' && seen.has(key)) {
        context.addIssue({ code: 'custom', path: ['roles', index, 'role'], message: MESSAGES.signersIdentical });
      }
      seen.add(key);
    });
  });
export type TemplateFormValues = z.input<typeof templateFormSchema>;

/**
 * PATCH documents/templates/{id}: any of the title (rename), message, ordering switch, the roles (the whole list:
 * roles not named are removed and their fields become unassigned) and the fields (the whole set, each assigned
 * to a role of this template or to nobody). Only a draft or a replica changes.
 */
export const updateTemplateRequest = z.object({
  title: templateTitle.optional(),
  message: plainText().max(1000).nullable().optional(),
  isOrdered: z.boolean().optional(),
  roles: z.array(templateRole).max(MAX_SIGNERS, MESSAGES.signersLimit).optional(),
  fields: z.array(documentField).max(2000).optional(),
  /** The default expiry in days of the documents made from it (1..365); null: none. */
  expiryDays: expiryDays.nullable().optional(),
});
export type UpdateTemplateRequest = z.input<typeof updateTemplateRequest>;
export const updateTemplate = {
  ...ROUTES.updateTemplate,
  params: documentIdParams,
  body: updateTemplateRequest,
  response: document,
} as const;

/**
 * PATCH documents/templates/{id}/activate: a draft becomes live (`active`) when it meets every requirement; with
 * errors it stays a draft and `errors` lists each requirement not met ('Template has validation errors').
 */
export const activateTemplateRequest = z.object({ status: z.enum(['active']).default('active') });
export const activateTemplateResponse = z.object({ template: document, errors: z.array(z.string()) });
export type ActivateTemplateResponse = z.infer<typeof activateTemplateResponse>;
export const activateTemplate = {
  ...ROUTES.activateTemplate,
  params: documentIdParams,
  body: activateTemplateRequest,
  response: activateTemplateResponse,
} as const;

/** POST documents/templates/{id}/to-api: active -> api. */
export const addTemplateToApi = { ...ROUTES.addTemplateToApi, params: documentIdParams, response: document } as const;
/** DELETE documents/templates/{id}/to-api: api -> active; counts against the plan's template limit again. */
export const removeTemplateFromApi = {
  ...ROUTES.removeTemplateFromApi,
  params: documentIdParams,
  response: document,
} as const;

/** POST documents/templates/{id}/copy: a duplicate with its own parts, roles and fields (a draft, or live). */
export const copyTemplate = { ...ROUTES.copyTemplate, params: documentIdParams, response: document } as const;

/**
 * GET documents/templates/{id}/replica: a draft copy of a live template to edit (status `replica`, its own parts,
 * roles and fields), which merge then puts in place of its source.
 */
export const templateReplica = { ...ROUTES.templateReplica, params: documentIdParams, response: document } as const;

/**
 * POST documents/templates/{sourceId}/replica/{templateId}/merge: the source takes the replica's title, message,
 * roles, fields and files; the replica is removed. Answers the source.
 */
export const mergeTemplateReplica = {
  ...ROUTES.mergeTemplateReplica,
  params: z.object({
    sourceId: z.string().uuid({ error: MESSAGES.templateNotFound }),
    templateId: z.string().uuid({ error: MESSAGES.templateNotFound }),
  }),
  response: document,
} as const;

/** A template as a picker lists it (section 3, Template option). */
export const templateOption = z.object({
  id: z.string().uuid(),
  title: z.string(),
  message: z.string().nullable(),
  signers: z.array(
    z.object({
      id: z.string().uuid(),
      role: z.string().nullable(),
      order: z.number().int(),
      /** The labels of the role's text fields: the CSV columns a bulk send may fill them from (`prefillLabels`). */
      prefillLabels: z.array(z.string()),
    }),
  ),
});
export type TemplateOption = z.infer<typeof templateOption>;
/**
 * GET documents/all/templates: the caller's live templates, newest first; with `withTeammateTemplates=true` their
 * teammates' live templates too (the pickers).
 */
export const listLiveTemplates = {
  ...ROUTES.listLiveTemplates,
  querystring: z.object({ withTeammateTemplates: z.enum(['true', 'false']).optional() }),
  response: z.array(templateOption),
} as const;

/**
 * POST documents/templates/{id}/create-document: the prepare form's submit with a template. A new draft (of the
 * form's type) with its own copy of the template's parts, fields and roles, the signers given in the roles' order
 * (one per role), and `templateId` recorded. Sent with send_out like any draft.
 */
export const createDocumentFromTemplateRequest = z.object({
  /**
   * The prepare form it comes from: Only Others (the default), Me & Others (the preparer, 'Me (Now)', is added
   * before the roles' signers) or Only Me (a template of one role, which the preparer takes; no signers given).
   */
  type: z.enum(SENT_DOCUMENT_TYPES).default('others'),
  title: templateTitle.optional(),
  message: plainText().max(1000).nullable().optional(),
  /** Issue 38: a row may set its recipient's identity check (else the role's) and give the SMS code's number. */
  signers: z
    .array(signerInput.pick({ name: true, email: true, verification: true, phone: true }))
    .max(MAX_SIGNERS, MESSAGES.signersLimit),
});
export type CreateDocumentFromTemplateRequest = z.input<typeof createDocumentFromTemplateRequest>;
export const createDocumentFromTemplate = {
  ...ROUTES.createDocumentFromTemplate,
  params: documentIdParams,
  body: createDocumentFromTemplateRequest,
  response: document,
} as const;
