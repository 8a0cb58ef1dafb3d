import { randomInt } from 'node:crypto';
import { BACKUP_CODE_COUNT } from '@esign/shared';
import { keyedHash, secretBox } from '../../platform/crypto/secret-box.js';

/**
 * The keys of the two-factor secrets, each derived from the server secret with its own purpose
 * (`platform/crypto/secret-box.ts`): one encrypts the authenticators' secrets (AES-256-GCM), one keys the hashes of
 * short codes (an SMS code's million values would fall to an unkeyed hash at once).
 */
export function twoFactorSecrets(serverSecret: string) {
  const box = secretBox(serverSecret, 'two-factor:totp-secret:v1');
  const codes = keyedHash(serverSecret, 'two-factor:code-hash:v1');
  return {
    encrypt: box.encrypt,
    decrypt: box.decrypt,
    /** The keyed hash a code is stored as. */
    hashCode: codes.hash,
    /** Compares a code with a stored hash in constant time. */
    matchesCode: codes.matches,
  };
}
export type TwoFactorSecrets = ReturnType<typeof twoFactorSecrets>;

/** Six random digits (leading zeros kept in the text; the code is sent back as an integer). */
export function randomSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** An SMS code as the API receives it (an integer) in the form it was hashed in. */
export function smsCodeText(code: number): string {
  return String(code).padStart(6, '0');
}

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (about 49 bits each), written `xxxxx-xxxxx`. */
export function makeBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const characters = Array.from({ length: 10 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join('');
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

/** A typed backup code in its stored form: case, spaces and dashes do not matter. */
export function normalizeBackupCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Whether a typed code looks like a backup code rather than an authenticator's six digits. */
export function isBackupCodeShape(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalizeBackupCode(code)) && !/^\d+$/.test(code.trim());
}

/** The last digits of a number, for 'we texted a code to …12'. */
export function phoneHint(phone: string): string {
  return `…${phone.slice(-2)}`;
}
