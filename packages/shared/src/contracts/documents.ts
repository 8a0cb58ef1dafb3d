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
import { CONDITION_OPERATORS } from '../documents/field-conditions.js';
import { FIELD_PATTERNS, FIELD_TYPES, type FieldKey, type FieldSettings } from '../documents/field-kinds.js';
import { customPatternProblem, FIELD_NAME_PATTERN } from '../documents/field-values.js';
import { FORMULA_MAX_LENGTH } from '../documents/formula.js';
import { EXPIRY_MAX_DAYS } from '../documents/lifecycle.js';
import { POSTCODE_COUNTRIES, type PostcodeCountry } from '../documents/postcodes.js';
import { MAX_STEP, RECIPIENT_ROLES } from '../documents/recipient-steps.js';
import { SIGNER_VERIFICATIONS, VERIFICATION_CHANNELS } from '../documents/signer-verification.js';
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
  /**
   * What was found in the file but placed as no field (issue 37): a text tag not understood, as written
   * (`{{stamp:1}}`), or a form field of no matching type (`form field "name"`). Null: nothing.
   */
  unplacedFields: z.array(z.string()).nullable(),
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
  /** How the recipient proves who they are before the document opens (issue 38). */
  verification: z.enum(SIGNER_VERIFICATIONS).optional(),
  /** The number SMS codes go to (E.164); only the sender's answers carry it. */
  phone: z.string().nullable().optional(),
});
export type Signer = z.infer<typeof signer>;

/** A field's settings (issue 37): see FieldSettings in field-kinds.ts. Unknown keys are dropped. */
export const fieldSettingsSchema = z
  .object({
    name: plainText()
      .trim()
      .max(50, MESSAGES.maxLength50)
      .regex(FIELD_NAME_PATTERN, MESSAGES.fieldNameInvalid)
      .optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    decimals: z.number().int().min(0).max(6).optional(),
    prefix: plainText().max(10).optional(),
    suffix: plainText().max(10).optional(),
    choices: z.array(plainText().trim().min(1, MESSAGES.required).max(100, MESSAGES.maxLength100)).max(50).optional(),
    minChoices: z.number().int().min(0).max(50).optional(),
    maxChoices: z.number().int().min(1).max(50).optional(),
    locked: z.boolean().optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    formula: plainText().max(FORMULA_MAX_LENGTH).optional(),
    minLength: z.number().int().min(0).max(1000).optional(),
    maxLength: z.number().int().min(1).max(1000).optional(),
    pattern: z.enum(FIELD_PATTERNS).optional(),
    postcodeCountry: z.enum(POSTCODE_COUNTRIES as [PostcodeCountry, ...PostcodeCountry[]]).optional(),
    customPattern: z
      .string()
      .max(200)
      .refine((pattern) => customPatternProblem(pattern) === null, MESSAGES.fieldPatternInvalid)
      .optional(),
    patternMessage: plainText().max(200).optional(),
    condition: z
      .object({
        field: plainText().trim().min(1, MESSAGES.required).max(50, MESSAGES.maxLength50),
        op: z.enum(CONDITION_OPERATORS),
        value: z.union([plainText().max(100, MESSAGES.maxLength100), z.number().finite()]).optional(),
      })
      .optional(),
  })
  .refine((settings) => settings.min === undefined || settings.max === undefined || settings.min <= settings.max, {
    message: MESSAGES.fieldRangeInvalid,
    path: ['max'],
  })
  .refine(
    (settings) =>
      settings.minChoices === undefined ||
      settings.maxChoices === undefined ||
      settings.minChoices <= settings.maxChoices,
    { message: MESSAGES.fieldRangeInvalid, path: ['maxChoices'] },
  ) satisfies z.ZodType<FieldSettings>;

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
  text: z
    .string()
    .max(1000)
    .nullable()
    .describe(
      'The value of a text kind or date as stored: a number with a dot for decimals, a phone number in E.164, a multiselect\'s ticked options as a JSON array of strings in the order of its choices (e.g. ["Basic","Team"]).',
    ),
  placeholder: z.string().max(100, MESSAGES.maxLength100).nullable(),
  dateFormat: z.enum(FIELD_DATE_FORMATS).nullable(),
  fontFamily: z.enum(FONT_IDS).nullable(),
  fontSize: z.number().int().min(FONT_SIZE.min).max(FONT_SIZE.max).nullable(),
  requisiteId: z.string().uuid().nullable(),
  settings: fieldSettingsSchema.nullable(),
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
  /** identity_check (issue 38): the channel of the code typed and where it went, masked. */
  identityCheck: z.object({ channel: z.enum(VERIFICATION_CHANNELS), to: z.string() }).optional(),
});
export type DocumentActivity = z.infer<typeof documentActivity>;

/** A removed document's stub (issue 39): when and why, the fingerprints of its sealed files, the chain's last hash. */
export const documentRemoval = z.object({
  removedAt: z.string(),
  reason: z.enum(['retention', 'erasure']),
  /** The SHA-256 (hex) of every file sealed for it: `/verify` still recognises them. */
  sealedSha256: z.array(z.string()),
  /** The audit chain's last hash before the removal (the last `hash` of its embedded audit trail). */
  chainHash: z.string().nullable(),
});

/**
 * A template's default expiry in days (1..EXPIRY_MAX_DAYS): a document made from it can be signed until the end of
 * the day that many days later, unless its own date is given; null: none.
 */
export const expiryDays = z
  .number({ error: MESSAGES.expiryDaysInvalid })
  .int(MESSAGES.expiryDaysInvalid)
  .min(1, MESSAGES.expiryDaysInvalid)
  .max(EXPIRY_MAX_DAYS, MESSAGES.expiryDaysInvalid);

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
  /** A template's or form's default expiry in days (see expiryDays); null: none. */
  expiryDays: z.number().int().nullable().optional(),
  /** The template this document was made from, if any. */
  templateId: z.string().uuid().nullable(),
  /** A replica's source template (see templates), otherwise null. */
  sourceTemplateId: z.string().uuid().nullable(),
  signers: z.array(signer),
  fields: z.array(documentFieldResponse),
  /** Under a legal hold since then (issue 39): nothing removes it; null: not held. */
  legalHoldAt: z.string().nullable().optional(),
  /** Set once its files and personal data were removed (issue 39): what the stub keeps; null: not removed. */
  removal: documentRemoval.nullable().optional(),
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
  /** How the recipient proves who they are (issue 38); none when not given. */
  verification: z.enum(SIGNER_VERIFICATIONS).optional(),
  /** The number SMS codes go to, with its country code; required for `sms` and `email_sms`. */
  phone: plainText().max(40).nullable().optional(),
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
        unplacedFields: true,
      }),
    ),
  }),
} as const;
