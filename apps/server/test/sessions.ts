import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashToken, randomToken } from '../src/platform/crypto/tokens.js';
import { refreshTokens, sessions } from '../src/platform/db/schema.js';

/**
 * A session written straight into the database for a user who could not sign in yet (an unconfirmed account):
 * its refresh token, to show that a later event ended it.
 */
export async function plantSession(app: FastifyInstance, userId: string): Promise<string> {
  const db = app.platform.database.db;
  const id = randomUUID();
  const refreshToken = randomToken();
  await db.insert(sessions).values({ id, userId });
  await db.insert(refreshTokens).values({
    userId,
    familyId: id,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return refreshToken;
}

/** GET auth/refresh-token with a refresh token: its status. */
export async function refreshStatus(app: FastifyInstance, refreshToken: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/refresh-token',
    headers: { authorization: `Bearer ${refreshToken}` },
  });
  return response.statusCode;
}
