/**
 * How a recipient proves who they are before the document opens (issue 38), chosen per recipient by the sender:
 * nothing but the link (`none`), a code mailed to their address (`email`), a code texted to a phone number given
 * by the sender (`sms`), or both codes (`email_sms`). The access code (the document's or the recipient's own) is a
 * separate gate and may be combined with any of these.
 */
export const SIGNER_VERIFICATIONS = ['none', 'email', 'sms', 'email_sms'] as const;
export type SignerVerification = (typeof SIGNER_VERIFICATIONS)[number];

export const VERIFICATION_CHANNELS = ['email', 'sms'] as const;
export type VerificationChannel = (typeof VERIFICATION_CHANNELS)[number];

/** A code: 6 digits, valid 10 minutes, single use, at most 5 wrong tries; 3 codes per channel in 15 minutes. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 10 * 60;
export const VERIFICATION_CODE_ATTEMPTS = 5;
export const VERIFICATION_CODES_PER_WINDOW = 3;
export const VERIFICATION_CODE_WINDOW_SECONDS = 15 * 60;

/** The channels a recipient must pass, in the order the signer page asks them. */
export function channelsOf(verification: SignerVerification | null | undefined): VerificationChannel[] {
  if (verification === 'email') return ['email'];
  if (verification === 'sms') return ['sms'];
  if (verification === 'email_sms') return ['email', 'sms'];
  return [];
}

/** The channels a signing link has yet to pass (none: the document opens), from the instants it passed each. */
export function pendingChannels(
  verification: SignerVerification | null | undefined,
  passed: { emailVerifiedAt: Date | null; smsVerifiedAt: Date | null },
): VerificationChannel[] {
  return channelsOf(verification).filter((channel) =>
    channel === 'email' ? passed.emailVerifiedAt === null : passed.smsVerifiedAt === null,
  );
}

/** Whether a verification needs the recipient's phone number. */
export function needsPhone(verification: SignerVerification | null | undefined): boolean {
  return channelsOf(verification).includes('sms');
}

/** Whether a typed code has a code's shape (6 digits). */
export function isVerificationCodeShape(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** The dot masks are written with. */
export const MASK_DOT = '\u2022';
const DOT = MASK_DOT;

/** 'jane@example.com' -> 'j•••@example.com': the first character of the local part, then three dots. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return `${DOT.repeat(3)}`;
  return `${email[0]}${DOT.repeat(3)}${email.slice(at)}`;
}
