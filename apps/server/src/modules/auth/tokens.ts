import { createHmac } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, MESSAGES } from '@esign/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { deriveKey } from '../../platform/crypto/secret-box.js';
import { AppError, unauthorized } from '../../platform/errors.js';

/**
 * How long a just-rotated refresh token still answers its successor: two tabs (or a retried request) refreshing
 * with one token get the same new pair; a use after this is a copy's and ends the session.
 */
export const REFRESH_REUSE_WINDOW_SECONDS = 30;

/**
 * The refresh token that follows a given one: an HMAC of it under a key of its own (derived from the server
 * secret), so a refresh repeated within the reuse window answers the very token the first one made, although only
 * hashes are stored. Unpredictable without the key, like a random one.
 */
export function refreshTokenSuccessor(serverSecret: string) {
  const key = deriveKey(serverSecret, 'auth:refresh-successor:v1');
  return (refreshToken: string): string => createHmac('sha256', key).update(refreshToken).digest('base64url');
}
export type RefreshTokenSuccessor = ReturnType<typeof refreshTokenSuccessor>;

export interface AccessTokenClaims {
  userId: string;
  /** The session (sign-in) the token belongs to; an ended session's tokens are refused. */
  sessionId: string;
  issuedAt: number;
}

/** How many verified access tokens each process remembers (a few MB at most). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function accessTokens(secret: string) {
  // Imported once: given raw bytes, jose imports the key again on every call (about half of a verify's time).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A token string verified once verifies the same until it expires: a client's next requests with it skip the
  // HMAC (webcrypto's is async and costs more than the rest of an authenticated request's own work).
  const verified = new Map<string, AccessTokenClaims & { expiresAt: number }>();
  return {
    async sign(userId: string, sessionId: string): Promise<string> {
      return new SignJWT({ typ: 'access', sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(await key);
    },
    /** An expired token answers 403 'Token expired!' (the web app refreshes); anything else invalid answers 401. */
    async verify(token: string): Promise<AccessTokenClaims> {
      const known = verified.get(token);
      // jose's rule: expired once `exp` is not after the current second.
      if (known && known.expiresAt > Math.floor(Date.now() / 1000)) {
        return { userId: known.userId, sessionId: known.sessionId, issuedAt: known.issuedAt };
      }
      verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        if (
          payload.typ !== 'access' ||
          typeof payload.sub !== 'string' ||
          typeof payload.iat !== 'number' ||
          typeof payload.exp !== 'number'
        ) {
          throw unauthorized();
        }
        // A token made before sessions existed names none: it is treated as expired, so the client refreshes
        // (its refresh token's family became its session) instead of being logged out.
        if (typeof payload.sid !== 'string') throw new AppError('TOKEN_EXPIRED', MESSAGES.tokenExpired);
        const claims = { userId: payload.sub, sessionId: payload.sid, issuedAt: payload.iat };
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, { ...claims, expiresAt: payload.exp });
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', MESSAGES.tokenExpired);
        throw unauthorized();
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;
