import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh tokens and e-mail link tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest of a random token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
