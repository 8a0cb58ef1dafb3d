import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A 256-bit key derived (HKDF-SHA256) from the server secret for one purpose, so no purpose shares a key with
 * another or with the JWT signature. The purpose names its version (`two-factor:totp-secret:v1`).
 */
export function deriveKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'esign', purpose, 32));
}

/**
 * Secrets kept encrypted at rest (AES-256-GCM under the purpose's key): an authenticator's secret, a cloud
 * storage connection's tokens. `v1.<iv>.<tag>.<ciphertext>`, base64url: a fresh 96-bit IV each time; the tag
 * authenticates, so a changed or foreign value does not decrypt.
 */
export function secretBox(serverSecret: string, purpose: string) {
  const key = deriveKey(serverSecret, purpose);
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
    },
    decrypt(sealed: string): string {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;

/** A keyed hash (HMAC-SHA256 under the purpose's key) and its constant-time comparison. */
export function keyedHash(serverSecret: string, purpose: string) {
  const key = deriveKey(serverSecret, purpose);
  const hash = (value: string) => createHmac('sha256', key).update(value).digest('hex');
  return {
    hash,
    matches(value: string, storedHash: string): boolean {
      const presented = Buffer.from(hash(value), 'hex');
      const stored = Buffer.from(storedHash, 'hex');
      return presented.length === stored.length && timingSafeEqual(presented, stored);
    },
  };
}
