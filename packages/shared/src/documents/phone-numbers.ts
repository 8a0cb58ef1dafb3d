import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { MASK_DOT, maskEmail, type VerificationChannel } from './signer-verification.js';

/*
 * Phone numbers of the identity check by SMS (issue 38), apart from the other rules so that only the pages that
 * take a number (prepare, bulk send) and the server load libphonenumber-js and its metadata.
 */

const DOT = MASK_DOT;

/** The number in E.164 (`+33612345678`), or null when it is not a valid number with its country code. */
export function normalizePhone(input: string | null | undefined): string | null {
  const text = (input ?? '').trim();
  if (!text.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isValid() ? parsed.number : null;
}

/** '+33612345612' -> '+33 ••• •• 12': the country code and the last two digits. */
export function maskPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  const country = parsed ? `+${parsed.countryCallingCode}` : '+';
  const digits = phone.replace(/\D/g, '');
  return `${country} ${DOT.repeat(3)} ${DOT.repeat(2)} ${digits.slice(-2)}`;
}

/** Where a channel's code goes, masked as the signer page, the activity and the certificate show it. */
export function maskedDestination(channel: VerificationChannel, to: string): string {
  return channel === 'email' ? maskEmail(to) : maskPhone(to);
}
