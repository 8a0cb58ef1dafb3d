import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { DOCUMENT_STATUSES } from '../documents/constants.js';
import { email, personName, plainText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { document, documentIdParams } from './documents.js';
import { updateTemplateRequest } from './templates.js';

/**
 * Forms (spec part 2 sections 2 to 8): a form request is a template of type `form_request` whose signers are the
 * owner, 'Me (Now)' at -1, and the role 'SIGNER' at 0. It is edited, activated, copied and merged through the
 * templates' calls; these are its own.
 */
const formIdParams = z.object({ id: z.string().uuid({ error: MESSAGES.formNotFound }) });

/** POST documents/form-requests: a draft form with its two seeded signers; Business only (403 QUOTA_EXCEEDED). */
export const createFormRequestRequest = z.object({ title: plainText().max(100, MESSAGES.maxLength100).optional() });
export const createFormRequest = {
  ...ROUTES.createFormRequest,
  body: createFormRequestRequest,
  response: document,
} as const;

/** PATCH documents/form-requests/{id}: a draft form's (or its replica's) title, message, ordering and fields. */
export const updateFormRequestRequest = updateTemplateRequest.omit({ roles: true });
export type UpdateFormRequestRequest = z.input<typeof updateFormRequestRequest>;
export const updateFormRequest = {
  ...ROUTES.updateFormRequest,
  params: documentIdParams,
  body: updateFormRequestRequest,
  response: document,
} as const;

/** A document submitted through a form: the signer who submitted it and the document's status. */
export const submittedContract = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  document: z.object({ id: z.string().uuid(), status: z.enum(DOCUMENT_STATUSES) }),
});
export type SubmittedContract = z.infer<typeof submittedContract>;
/** GET documents/form-requests/{id}/contracts: the form's submissions, newest first (the owner only). */
export const formContracts = {
  ...ROUTES.formContracts,
  params: formIdParams,
  response: z.array(submittedContract),
} as const;

/** A person who submitted a form, by e-mail, with their count of submissions. */
export const registeredUser = z.object({ name: z.string(), email: z.string(), submissions: z.number().int() });
export type RegisteredUser = z.infer<typeof registeredUser>;
/** GET documents/form-requests/{id}/registered-users: the distinct people who submitted the form. */
export const formRegisteredUsers = {
  ...ROUTES.formRegisteredUsers,
  params: formIdParams,
  response: z.array(registeredUser),
} as const;

/** POST documents/form-requests/{id}/disable: a live form stops taking submissions ('Form successfully disabled!'). */
export const disableForm = { ...ROUTES.disableForm, params: formIdParams, response: document } as const;
/** POST documents/form-requests/{id}/enable: a disabled form is live again ('Form successfully enabled!'). */
export const enableForm = { ...ROUTES.enableForm, params: formIdParams, response: document } as const;

/**
 * A live form as anyone may see it: its title, page count and first page (its PDF's signed URL for an hour and the
 * page's size), nothing of its owner, its fields or its submissions.
 */
export const publicFormResponse = z.object({
  id: z.string().uuid(),
  title: z.string(),
  pageCount: z.number().int(),
  pdfUrl: z.string().nullable(),
  firstPage: z.object({ width: z.number(), height: z.number() }).nullable(),
});
export type PublicForm = z.infer<typeof publicFormResponse>;
/** GET document_sign/form-requests/{id}: a live form, else 404 'This form is not available'. */
export const publicForm = {
  ...ROUTES.publicForm,
  params: z.object({ id: z.string().uuid({ error: MESSAGES.formNotAvailable }) }),
  response: publicFormResponse,
} as const;

/** The visitor's name and e-mail (the form's page and the server). */
export const formSignerSchema = z.object({ name: personName, email });
export type FormSignerValues = z.input<typeof formSignerSchema>;
export const createFormDocumentRequest = z.object({ signer: formSignerSchema });
export type CreateFormDocumentRequest = z.input<typeof createFormDocumentRequest>;
/** The document made and sent for the visitor, and a signing token of their own to open it at once. */
export const createFormDocumentResponse = z.object({
  documentId: z.string().uuid(),
  signerId: z.string().uuid(),
  signAccessToken: z.string(),
});
export type CreateFormDocumentResponse = z.infer<typeof createFormDocumentResponse>;
/**
 * POST document_sign/form-requests/{templateId}/create-document: a document made from the live form for the
 * visitor and sent; limited per address and per form (429 with Retry-After); over the owner's quota 403.
 */
export const createFormDocument = {
  ...ROUTES.createFormDocument,
  params: z.object({ templateId: z.string().uuid({ error: MESSAGES.formNotAvailable }) }),
  body: createFormDocumentRequest,
  response: createFormDocumentResponse,
} as const;
