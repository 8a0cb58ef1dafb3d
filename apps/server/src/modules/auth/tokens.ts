import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, MESSAGES } from '@esign/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError, unauthorized } from '../../platform/errors.js';

/** 256 random bits, URL-safe: refresh tokens and e-mail link tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest of a random token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface AccessTokenClaims {
  userId: string;
  issuedAt: number;
}

export function accessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId: string): Promise<string> {
      return new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    /** An expired token answers 403 'Token expired!' (the web app refreshes); anything else invalid answers 401. */
    async verify(token: string): Promise<AccessTokenClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.iat !== 'number') {
          throw unauthorized();
        }
        return { userId: payload.sub, issuedAt: payload.iat };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', MESSAGES.tokenExpired);
        throw unauthorized();
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
