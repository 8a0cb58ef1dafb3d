import { MESSAGES, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RequisiteOwner } from '../../data/requisites.js';
import { findSignerByTokenAlone } from '../../data/signing-tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Authenticator } from '../../platform/http/authenticate.js';
import { bearerToken } from '../../platform/http/bearer.js';

declare module 'fastify' {
  interface FastifyRequest {
    requisiteOwner?: RequisiteOwner;
  }
}

export function currentRequisiteOwner(request: FastifyRequest): RequisiteOwner {
  if (!request.requisiteOwner) throw new Error('requireRequisiteOwner did not run for this route');
  return request.requisiteOwner;
}

/**
 * The owner of the call. Without a signing token it is the bearer token's user (401/403 as everywhere). With
 * one, it is that signer; a signer who is the logged-in user (the preparer) uses the user's own signatures.
 * An unknown or revoked signing token answers 404.
 */
export function requireRequisiteOwner(deps: { db: Db; auth: Authenticator }): preHandlerAsyncHookHandler {
  return async (request) => {
    const signToken = request.headers[SIGN_ACCESS_TOKEN_HEADER];
    const bearer = bearerToken(request.headers.authorization);
    if (typeof signToken !== 'string' || signToken === '') {
      const user = await deps.auth.authenticate(bearer);
      request.requisiteOwner = { kind: 'user', id: user.id };
      return;
    }
    const found = signToken.length <= 200 ? await findSignerByTokenAlone(deps.db, signToken) : undefined;
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    if (found.isAccessCodeRequired) throw new AppError('ACCESS_CODE_REQUIRED', MESSAGES.requisiteAccessCodeRequired);
    if (found.isIdentityCheckRequired) throw new AppError('IDENTITY_CHECK_REQUIRED', MESSAGES.identityCheckRequired);
    const userId = bearer ? await userOrNothing(deps.auth, bearer) : undefined;
    request.requisiteOwner =
      userId !== undefined && found.signer.userId === userId
        ? { kind: 'user', id: userId }
        : { kind: 'signer', id: found.signer.id, documentId: found.signer.documentId };
  };
}

/** The bearer's user id; an expired token still answers 403 so the client refreshes and asks again. */
async function userOrNothing(auth: Authenticator, bearer: string): Promise<string | undefined> {
  try {
    return (await auth.authenticate(bearer)).id;
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOKEN_EXPIRED') throw error;
    return undefined;
  }
}
