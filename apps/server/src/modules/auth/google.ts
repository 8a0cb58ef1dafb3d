import { MESSAGES } from '@esign/shared';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { GoogleOptions } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';

export interface GoogleIdentity {
  email: string;
  name: string | undefined;
}

/**
 * Verifies Google ID tokens (Google Identity Services' `credential`) against Google's published keys: the
 * signature (RS256 by a key of the JWKS, fetched once and cached by jose, fetched again for an unknown key id),
 * the issuer, the audience (our GOOGLE_CLIENT_ID) and the expiry. Only a verified e-mail is answered.
 */
export function googleIdTokens(options: GoogleOptions) {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 10_000 });
  const refused = () => new AppError('INVALID_CREDENTIALS', MESSAGES.googleTokenInvalid);
  return {
    async verify(token: string): Promise<GoogleIdentity> {
      let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: options.issuers,
          audience: options.clientId,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'email'],
        }));
      } catch {
        throw refused();
      }
      if (typeof payload.email !== 'string' || payload.email_verified !== true) throw refused();
      return { email: payload.email, name: typeof payload.name === 'string' ? payload.name : undefined };
    },
  };
}
export type GoogleIdTokens = ReturnType<typeof googleIdTokens>;
