import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { BACKUP_CODE_COUNT } from '@esign/shared';

/**
 * The keys of the two-factor secrets, each derived (HKDF-SHA256) from the server secret with its own purpose, so
 * none is the JWT key itself: one encrypts the authenticators' secrets (AES-256-GCM), one keys the hashes of short
 * codes (an SMS code's million values would fall to an unkeyed hash at once).
 */
export function twoFactorSecrets(serverSecret: string) {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', serverSecret, 'esign', purpose, 32));
  const encryptionKey = derive('two-factor:totp-secret:v1');
  const codeKey = derive('two-factor:code-hash:v1');

  return {
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url: a fresh 96-bit IV each time; the tag authenticates. */
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
    },
    decrypt(sealed: string): string {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    /** The keyed hash a code is stored as. */
    hashCode(code: string): string {
      return createHmac('sha256', codeKey).update(code).digest('hex');
    },
    /** Compares a code with a stored hash in constant time. */
    matchesCode(code: string, storedHash: string): boolean {
      const presented = Buffer.from(this.hashCode(code), 'hex');
      const stored = Buffer.from(storedHash, 'hex');
      return presented.length === stored.length && timingSafeEqual(presented, stored);
    },
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
