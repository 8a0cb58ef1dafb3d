import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.js';
import { normalizeEmail, plainText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import type { DocumentType } from './constants.js';
import { MAX_SIGNERS } from './field-appearance.js';
import { normalizePhone } from './phone-numbers.js';
import { MAX_STEP, RECIPIENT_ROLES } from './recipient-steps.js';
import { needsPhone, SIGNER_VERIFICATIONS, type SignerVerification } from './signer-verification.js';

/**
 * The signer-list rules of spec section 5 (Signers), used by the prepare form and by PATCH documents/{id}:
 * the line messages, the trailing empty signer dropped, the counts per document type and the shrink rule.
 * A row here is one signer other than the preparer ('Me (Now)'), who is added by the server.
 */
export interface SignerLine {
  name: string;
  email: string;
  /** Issue 38: how the recipient proves who they are, and the number an SMS code goes to. */
  verification?: SignerVerification | undefined;
  phone?: string | null | undefined;
}

/** Where a line's message belongs in the form: the name or the e-mail input. */
export interface SignerLineError {
  index: number;
  field: 'name' | 'email' | 'phone';
  message: string;
}

const SIGNER_EMAIL_PATTERN = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:.]{2,}$/;

const isBlank = (line: SignerLine) => line.name.trim() === '' && line.email.trim() === '';
const lineKey = (line: SignerLine) => `${line.name.trim().toLowerCase()}\n${normalizeEmail(line.email)}`;

export function isValidSignerEmail(value: string): boolean {
  return SIGNER_EMAIL_PATTERN.test(normalizeEmail(value));
}

/**
 * 'A trailing signer with neither name nor e-mail is dropped': every empty row at the end goes, so an empty
 * form reads as no signers; an empty row between filled ones is an 'Empty line'.
 */
export function dropTrailingEmptySigner<T extends SignerLine>(lines: readonly T[]): T[] {
  let end = lines.length;
  while (end > 0 && isBlank(lines[end - 1] as T)) end -= 1;
  return lines.slice(0, end);
}

/** Line messages, one per line at most: 'Empty line', 'Signer has no name', 'Signer has no email', and so on. */
export function signerLineErrors(lines: readonly SignerLine[]): SignerLineError[] {
  const errors: SignerLineError[] = [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (isBlank(line)) errors.push({ index, field: 'name', message: MESSAGES.signerEmptyLine });
    else if (line.name.trim() === '') errors.push({ index, field: 'name', message: MESSAGES.signerNoName });
    else if (line.email.trim() === '') errors.push({ index, field: 'email', message: MESSAGES.signerNoEmail });
    else if (!isValidSignerEmail(line.email))
      errors.push({ index, field: 'email', message: MESSAGES.signerEmailInvalid });
    else if (seen.has(lineKey(line))) errors.push({ index, field: 'email', message: MESSAGES.signerDuplicated });
    else if (needsPhone(line.verification) && !normalizePhone(line.phone)) {
      const message = (line.phone ?? '').trim()
        ? MESSAGES.verificationPhoneInvalid
        : MESSAGES.verificationPhoneRequired;
      errors.push({ index, field: 'phone', message });
    }
    seen.add(lineKey(line));
  });
  return errors;
}

/**
 * The list's own rules for the signers other than the preparer: at most 25; Me & Others needs one besides 'Me'
 * (the warning with 'Go to Only Me'); Only Others needs one; Only Me has none.
 */
export function signerListError(type: DocumentType, lines: readonly SignerLine[]): string | null {
  if (lines.length > MAX_SIGNERS) return MESSAGES.signersLimit;
  if (type === 'me') return lines.length > 0 ? MESSAGES.onlyMeHasNoOtherSigners : null;
  if (type === 'me_and_other') return lines.length < 1 ? MESSAGES.onlySignerWarning : null;
  return lines.length < 1 ? MESSAGES.documentNeedsSigner : null;
}

/** Whether the preparer signs this type of document ('Me (Now)' at order -1). */
export function hasPreparerSigner(type: DocumentType): boolean {
  return type === 'me' || type === 'me_and_other';
}

/**
 * 'The list may shrink only while it has more than 2 entries (3 when me is included)': `count` is the number of
 * rows shown, the 'Me (Now)' row included when there is one.
 */
export function canRemoveSignerRow(count: number, includesMe: boolean): boolean {
  return count > (includesMe ? 3 : 2);
}

/**
 * The rows a new prepare form starts with (the 'Me (Now)' row is not one of them): as many as the list can
 * shrink to, two; a trailing empty one is dropped when saving.
 */
export function initialSignerRows(type: DocumentType): SignerLine[] {
  return type === 'me'
    ? []
    : [
        { name: '', email: '' },
        { name: '', email: '' },
      ];
}

/** The prepare form ('Prepare your document for signing'): the same rules on both sides. */
export function prepareFormSchema(type: DocumentType, { withTemplate = false }: { withTemplate?: boolean } = {}) {
  return z
    .object({
      title: plainText()
        .min(1, MESSAGES.required)
        .max(100, MESSAGES.maxLength100)
        .refine((value) => value.length === 0 || value.trim().length > 0, MESSAGES.onlySpaces),
      message: plainText().max(1000),
      isOrdered: z.boolean(),
      /** The signers' page and mails; null: their browser's language for the page, English for the mails. */
      language: z.enum(LANGUAGES).nullable(),
      signers: z.array(
        z.object({
          id: z.string().optional(),
          name: plainText(MESSAGES.incorrectName).max(100),
          email: plainText(MESSAGES.invalidEmail).max(254),
          /** Issue 36: a signer when absent. */
          recipientRole: z.enum(RECIPIENT_ROLES).optional(),
          /** Its step of the order; absent: its place in the list. */
          step: z.number().int().min(1).max(MAX_STEP).optional(),
          /** Issue 38: the identity check and the number an SMS code goes to. */
          verification: z.enum(SIGNER_VERIFICATIONS).optional(),
          phone: plainText().max(40).nullable().optional(),
        }),
      ),
    })
    .superRefine((value, context) => {
      // With a template every row is a role's signer (none dropped) and only the line checks apply.
      const lines = withTemplate ? value.signers : dropTrailingEmptySigner(value.signers);
      for (const error of signerLineErrors(lines)) {
        context.addIssue({ code: 'custom', path: ['signers', error.index, error.field], message: error.message });
      }
      const listError = withTemplate ? null : signerListError(type, lines);
      if (listError) context.addIssue({ code: 'custom', path: ['signersList'], message: listError });
    });
}
export type PrepareFormValues = z.infer<ReturnType<typeof prepareFormSchema>>;
