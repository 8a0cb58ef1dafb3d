import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import {
  ACTIVE_CONTENT_CHOICES,
  ACTIVE_CONTENT_STATES,
  ACTIVITY_TYPES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  SENT_DOCUMENT_TYPES,
  UPLOAD_LIMITS,
} from '../documents/constants.js';
import { FIELD_DATE_FORMATS, FONT_IDS, FONT_SIZE, MAX_SIGNERS } from '../documents/field-appearance.js';
import { FIELD_TYPES, type FieldKey } from '../documents/field-kinds.js';
import { MAX_STEP, RECIPIENT_ROLES } from '../documents/recipient-steps.js';
import { LANGUAGES } from '../i18n/languages.js';
import { plainText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';

export const pageSize = z.object({ width: z.number(), height: z.number() });
export const pdfMetadata = z.object({ pages: z.array(pageSize) });
export type PdfMetadata = z.infer<typeof pdfMetadata>;

export const fileEntry = z.object({ fileKey: z.string(), order: z.number().int() });

export const documentPart = z.object({
  id: z.string().uuid(),
  order: z.number().int(),
  originalFileName: z.string(),
  sizeBytes: z.number().int(),
  /** True once the part is converted to PDF pages. */
  filesUploaded: z.boolean(),
  pagesConverted: z.number().int(),
  pagesTotal: z.number().int().nullable(),
  errorText: z.string().nullable(),
  /** A notice that does not stop the part (for example: existing digital signatures will not stay valid). */
  warningText: z.string().nullable(),
  /** What became of a PDF's scripts and automatic actions (see ACTIVE_CONTENT_STATES); null: it had none. */
  activeContent: z.enum(ACTIVE_CONTENT_STATES).nullable(),
  files: z.array(fileEntry),
  pdfMetadata: pdfMetadata.nullable(),
});
export type DocumentPart = z.infer<typeof documentPart>;

export const signer = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid().nullable(),
  name: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  /** The preparer has order -1; other signers count from 1. */
  order: z.number().int(),
  /** What the recipient does: signs, approves, views, or gets the completed copy (cc; not in the order). */
  recipientRole: z.enum(RECIPIENT_ROLES),
  /** Its step of the signing order: recipients of one step act in any order (an ordered document's). */
  step: z.number().int(),
  isPreparer: z.boolean(),
  /** Finished its part: signed, approved or acknowledged viewing. */
  isFinished: z.boolean(),
  /** The language of this signer's mails and page when corrected to one of their own (issue 36); null: the document's. */
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type Signer = z.infer<typeof signer>;

/**
 * A field on a page: exactly the keys of FIELD_KEYS (field-kinds.ts). Coordinates and sizes are PDF points on the
 * page as displayed, origin top-left; pageNumber is 1-based in the combined PDF. The id is chosen by the editor
 * (a UUID).
 */
const documentFieldShape = {
  id: z.string().uuid(),
  type: z.enum(FIELD_TYPES),
  pageNumber: z.number().int().min(1),
  coordinateX: z.number().min(0),
  coordinateY: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
  signerId: z.string().uuid().nullable(),
  required: z.boolean(),
  checked: z.boolean(),
  text: z.string().max(1000).nullable(),
  placeholder: z.string().max(100, MESSAGES.maxLength100).nullable(),
  dateFormat: z.enum(FIELD_DATE_FORMATS).nullable(),
  fontFamily: z.enum(FONT_IDS).nullable(),
  fontSize: z.number().int().min(FONT_SIZE.min).max(FONT_SIZE.max).nullable(),
  requisiteId: z.string().uuid().nullable(),
} satisfies Record<FieldKey, z.ZodType>;
/** A field as the editor sends it: its texts without control characters. */
export const documentField = z.object({
  ...documentFieldShape,
  text: plainText().max(1000).nullable(),
  placeholder: plainText().max(100, MESSAGES.maxLength100).nullable(),
});
export type DocumentField = z.infer<typeof documentField>;
/** A field as the server answers it, with the derived signed flag. */
export const documentFieldResponse = z.object({ ...documentFieldShape, signed: z.boolean() });
export type DocumentFieldResponse = z.infer<typeof documentFieldResponse>;

const activityPerson = z.object({ name: z.string(), email: z.string() });
export const documentActivity = z.object({
  id: z.string().uuid(),
  type: z.enum(ACTIVITY_TYPES),
  /** The signers named, each as they were then (a signer corrected or reassigned later keeps the old name here). */
  signers: z.array(z.object({ id: z.string().uuid(), name: z.string(), email: z.string() })),
  sourceIP: z.string().nullable(),
  createdAt: z.string(),
  /** A correction or reassignment (issue 36): who the signer was and became, and the reassignment's reason. */
  change: z.object({ from: activityPerson, to: activityPerson, reason: z.string().nullable() }).optional(),
  /** A view or signature in person on the sender's device: the sender who hosted it. */
  hostedBy: z.string().optional(),
  /** decline and void: the reason given; extend: the new expiry date ('none' when taken away) (issue 36). */
  reason: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type DocumentActivity = z.infer<typeof documentActivity>;

export const document = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  title: z.string(),
  message: z.string().nullable(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  createdAt: z.string(),
  parts: z.array(documentPart),
  pdfFileKey: z.string().nullable(),
  pdfMetadata: pdfMetadata.nullable(),
  resultPdfFileKey: z.string().nullable(),
  isOrdered: z.boolean(),
  /** The access password: present only in answers to the document's owner. */
  codeAccess: z.string().nullable(),
  testMode: z.boolean(),
  /** The language of the signers' mails; null: English. */
  language: z.enum(LANGUAGES).nullable(),
  redirectionPage: z.string().nullable(),
  remindersDisabled: z.boolean(),
  /** Its signers may hand their part on to someone else (issue 36). */
  allowReassign: z.boolean().optional(),
  /** The instant the document stops being signable (the end of its expiry date, UTC); null: never (issue 36). */
  expiresAt: z.string().nullable(),
  /** The template this document was made from, if any. */
  templateId: z.string().uuid().nullable(),
  /** A replica's source template (see templates), otherwise null. */
  sourceTemplateId: z.string().uuid().nullable(),
  signers: z.array(signer),
  fields: z.array(documentFieldResponse),
});
export type Document = z.infer<typeof document>;

export const documentIdParams = z.object({ id: z.string().uuid({ error: MESSAGES.documentNotFound }) });

/** POST documents: a draft of a prepare form's kind (a template is made by POST documents/templates, in its quota). */
export const createDocumentRequest = z.object({
  type: z.enum(SENT_DOCUMENT_TYPES),
  title: plainText().max(100, MESSAGES.maxLength100).optional(),
});
export const createDocument = {
  ...ROUTES.createDocument,
  body: createDocumentRequest,
  response: document,
} as const;

export const getDocument = {
  ...ROUTES.getDocument,
  params: documentIdParams,
  response: document,
} as const;

/** Multipart with the field `upload`. Answers the new part, queued for conversion. */
export const fileUpload = {
  ...ROUTES.fileUpload,
  params: documentIdParams,
  response: documentPart,
} as const;

export const fileCleanRequest = z.object({ documentPartId: z.string().uuid().optional() });
export const fileClean = {
  ...ROUTES.fileClean,
  params: documentIdParams,
  body: fileCleanRequest,
  response: document,
} as const;

/**
 * The owner's choice for a signed PDF with active content, which upload kept as uploaded: keep it so, or remove
 * the active content (the file's signatures break) by converting the part again. Only a draft changes.
 */
export const chooseActiveContentRequest = z.object({ choice: z.enum(ACTIVE_CONTENT_CHOICES) });
export const chooseActiveContent = {
  ...ROUTES.chooseActiveContent,
  params: documentIdParams.extend({ partId: z.string().uuid({ error: MESSAGES.partNotFound }) }),
  body: chooseActiveContentRequest,
  response: document,
} as const;

export const reorderPartsRequest = z.object({
  parts: z
    .array(z.object({ id: z.string().uuid(), order: z.number().int().min(0).max(1000) }))
    .min(1, MESSAGES.required)
    .max(UPLOAD_LIMITS.maxFilesPerDocument, MESSAGES.documentFilesLimit),
});
/** A signer as the prepare form sends it: an id when it already exists. */
export const signerInput = z.object({
  id: z.string().uuid().optional(),
  name: plainText(MESSAGES.incorrectName).max(100, MESSAGES.maxLength100),
  email: plainText(MESSAGES.invalidEmail).max(254, MESSAGES.invalidEmail),
  isPreparer: z.boolean().default(false),
  order: z.number().int().min(-1).max(MAX_SIGNERS, MESSAGES.signersLimit),
  /** Signer when not given. Only a signer owns fields. */
  recipientRole: z.enum(RECIPIENT_ROLES).default('signer'),
  /** Its step of the order (same number: any order between them); not given, its place in the list. */
  step: z.number().int().min(1).max(MAX_STEP).optional(),
});
export type SignerInput = z.input<typeof signerInput>;

/**
 * PATCH documents/{id}: any of the parts' order, the title and message, the signers, the ordering switch, the
 * fields (the whole set: fields not named are removed). Only a draft changes.
 */
export const updateDocumentRequest = z.object({
  parts: reorderPartsRequest.shape.parts.optional(),
  title: plainText().max(100, MESSAGES.maxLength100).optional(),
  message: plainText().max(1000).nullable().optional(),
  isOrdered: z.boolean().optional(),
  /** The language of the mails the signers get (one of the ten codes); null: English. */
  language: z.enum(LANGUAGES).nullable().optional(),
  signers: z
    .array(signerInput)
    .max(MAX_SIGNERS + 1, MESSAGES.signersLimit)
    .optional(),
  fields: z.array(documentField).max(2000).optional(),
});
export type UpdateDocumentRequest = z.input<typeof updateDocumentRequest>;
export const updateDocument = {
  ...ROUTES.updateDocument,
  params: documentIdParams,
  body: updateDocumentRequest,
  response: document,
} as const;

export const documentActivities = {
  ...ROUTES.documentActivities,
  params: documentIdParams,
  response: z.array(documentActivity),
} as const;

export const conversionData = {
  ...ROUTES.conversionData,
  params: documentIdParams,
  response: z.object({
    isFinished: z.boolean(),
    parts: z.array(
      documentPart.pick({
        id: true,
        filesUploaded: true,
        pagesConverted: true,
        pagesTotal: true,
        errorText: true,
        warningText: true,
      }),
    ),
  }),
} as const;
