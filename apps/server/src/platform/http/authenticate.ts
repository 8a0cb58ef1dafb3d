import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema.js';

type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` for routes that need a logged-in user. */
    user?: UserRow;
    /** The session of the access token (set with `user`). */
    sessionId?: string;
  }
}

/**
 * Who is behind an access token (the auth module's service answers it): calls that authenticate on their own (the
 * signer's downloads, saved signatures, realtime sockets) depend on this, not on the auth module.
 */
export interface Authenticator {
  /** The user; 401, or 403 'Token expired!', otherwise. */
  authenticate(accessToken: string | undefined): Promise<UserRow>;
  /** The user and the session the token names. */
  authenticateSession(accessToken: string | undefined): Promise<{ user: UserRow; sessionId: string }>;
}

/** The session of a request that passed `requireUser`. */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw new Error('requireUser did not run for this route');
  return request.sessionId;
}

/** The logged-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('requireUser did not run for this route');
  return request.user;
}
