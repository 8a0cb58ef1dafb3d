import { z } from 'zod';
import { MESSAGES } from './messages.js';

/**
 * Small reusable field schemas, each carrying the specification's exact messages.
 * Request schemas are built from these, so the server and the web forms agree.
 */

/** A required string: not empty, not only spaces, at most `max` characters. */
export function requiredString(max: 100 | 50 = 100, formatMessage?: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? MESSAGES.required : (formatMessage ?? MESSAGES.required),
    })
    .min(1, MESSAGES.required)
    .max(max, max === 100 ? MESSAGES.maxLength100 : MESSAGES.maxLength50)
    .refine((value) => value.length === 0 || value.trim().length > 0, MESSAGES.onlySpaces);
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
      .refine((value) => value.length === 0 || EMAIL_PATTERN.test(value), MESSAGES.invalidEmail),
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
  .max(100, MESSAGES.maxLength100);

/** An opaque token from a link: presence and a sane bound. */
export const linkToken = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(200, MESSAGES.linkInvalid);
