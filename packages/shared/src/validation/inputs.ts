import { z } from 'zod';
import { REASON_MAX_LENGTH } from '../documents/lifecycle.js';
import { MESSAGES } from './messages.js';

/**
 * Small reusable field schemas, each carrying the specification's exact messages.
 * Request schemas are built from these, so the server and the web forms agree.
 */

/**
 * Control characters other than tab, line feed and carriage return. None belongs in anything a person types, and
 * PostgreSQL refuses NUL in text outright (it answered 500 before every text input refused them).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this expression's purpose.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when `value` holds no control character but tab and line breaks. */
export function hasNoControlCharacters(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}

/**
 * Unicode's bidirectional format controls: the Arabic letter mark U+061C, the marks U+200E-200F, the embeddings and
 * overrides U+202A-202E and the isolates U+2066-2069. Invisible, they change how the text around them is shown:
 * U+202E makes `invoice\u202Excod.pdf` read `invoicefdp.docx`. Zero-width joiners stay (some scripts and emoji need
 * them).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A file name as it is kept and shown: without bidirectional controls. Removed rather than shown visibly because
 * a name is shown in many places (lists, downloads' save dialogs, the operating system's own views) that cannot
 * all mark them, and a name needs none of them: Arabic and Hebrew names read right by the bidirectional algorithm
 * alone. Applied where a name comes in (upload, cloud import) and again where one goes out (the part's answer, a
 * download's Content-Disposition), so names stored before are shown without them too.
 */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * Any text a person types (titles, messages, names, search terms, field values): a string without control
 * characters, refused with `message` (the field's own message where it has one). Every request schema's free text
 * is built from this or from the builders below, which apply the same rule.
 */
export function plainText(message: string = MESSAGES.controlCharacters) {
  return z.string().refine(hasNoControlCharacters, message);
}

/**
 * A reason a person gives (a signer's decline, a sender's void, an approver's rejection, a signer's reassignment):
 * required (spaces alone are none), at most REASON_MAX_LENGTH characters, one message for each rule.
 */
export const reasonText = z
  .string({ error: MESSAGES.reasonRequired })
  .trim()
  .min(1, MESSAGES.reasonRequired)
  .max(REASON_MAX_LENGTH, MESSAGES.reasonTooLong)
  .refine(hasNoControlCharacters, MESSAGES.controlCharacters);

/** A required string: not empty, not only spaces, at most `max` characters, no control characters. */
export function requiredString(max: 100 | 50 = 100, formatMessage?: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? MESSAGES.required : (formatMessage ?? MESSAGES.required),
    })
    .min(1, MESSAGES.required)
    .max(max, max === 100 ? MESSAGES.maxLength100 : MESSAGES.maxLength50)
    .refine((value) => value.length === 0 || value.trim().length > 0, MESSAGES.onlySpaces)
    .refine(hasNoControlCharacters, formatMessage ?? MESSAGES.controlCharacters);
}

const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}\p{N}' .,-]*$/u;

export const personName = requiredString(100, MESSAGES.incorrectName)
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .refine((value) => value.length === 0 || NAME_PATTERN.test(value), MESSAGES.incorrectName);

const EMAIL_PATTERN = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:.]{2,}$/;

/** Normalises an e-mail address: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const email = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.invalidEmail),
  })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, MESSAGES.required)
      .max(254, MESSAGES.invalidEmail)
      .refine(
        (value) => value.length === 0 || (EMAIL_PATTERN.test(value) && hasNoControlCharacters(value)),
        MESSAGES.invalidEmail,
      ),
  );

/** Printable ASCII without the space: digits, letters and special symbols. */
const PASSWORD_CHARACTERS = /^[\x21-\x7E]*$/;

/** A new password: the three rules of the specification, plus a bound that keeps hashing cheap. */
export const newPassword = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.passwordCharacters,
  })
  .min(1, MESSAGES.required)
  .max(100, MESSAGES.maxLength100)
  .refine((value) => value.length === 0 || value.length >= 6, MESSAGES.passwordMinLength)
  .refine((value) => value.length === 0 || /\d/.test(value), MESSAGES.passwordDigit)
  .refine((value) => PASSWORD_CHARACTERS.test(value), MESSAGES.passwordCharacters);

/** A password typed to sign in: only presence and a bound are checked. */
export const currentPassword = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(100, MESSAGES.maxLength100)
  .refine(hasNoControlCharacters, MESSAGES.passwordCharacters);

/** An opaque token from a link: presence and a sane bound. */
export const linkToken = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(200, MESSAGES.linkInvalid)
  .refine(hasNoControlCharacters, MESSAGES.linkInvalid);

/** A phone number as the phone form sends it: its country code and number concatenated (`+` and digits). */
export const phoneNumber = z
  .string({ error: MESSAGES.phoneEmpty })
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, MESSAGES.phoneEmpty)
      .refine((value) => value.length === 0 || /^\+[1-9]\d{6,19}$/.test(value), MESSAGES.phoneInvalid),
  );

/** An SMS code, sent as an integer (part 1 section 4): six digits, so below a million. */
export const smsCode = z
  .number({ error: MESSAGES.twoFactorCodeInvalid })
  .int(MESSAGES.twoFactorCodeInvalid)
  .min(0, MESSAGES.twoFactorCodeInvalid)
  .max(999_999, MESSAGES.twoFactorCodeInvalid);

/** An authenticator code (six digits) or a backup code, sent as a string. */
export const authenticatorCode = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(40, MESSAGES.twoFactorCodeInvalid);
