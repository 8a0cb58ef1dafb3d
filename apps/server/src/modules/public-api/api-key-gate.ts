import { MESSAGES } from '@esign/shared';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ApiKeyRow } from '../../data/api-keys.js';
import { findActiveKey } from '../../data/public-api.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { type KeyRateLimiter, RATE_WINDOW_MS } from './rate-limiter.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireApiKey` for the public API's routes (the key's owner is `user`). */
    apiKey?: ApiKeyRow;
  }
}

/** A key as `api_keys/create` makes it: its mode's prefix and 43 URL-safe characters. */
const KEY_PATTERN = /^Bearer (esk_(?:live|test)_[\w-]{43})$/;

/** A wrong, revoked or deleted key: the same answer for each, so it does not say which. */
const invalidKey = () => new AppError('UNAUTHORIZED', MESSAGES.apiKeyInvalid);

/** The key of a request that passed `requireApiKey`. */
export function currentApiKey(request: FastifyRequest): ApiKeyRow {
  if (!request.apiKey) throw new Error('requireApiKey did not run for this route');
  return request.apiKey;
}

/**
 * The public API's `auth: 'apiKey'` check: the bearer key's SHA-256 looked up with its owner (one read, as a
 * session's), the call counted in the key's rate window (rate-limiter.ts: shared by every API node through the
 * database); the owner becomes the request's user, so the services ask the same access policy as for the web app.
 * Every answer carries RateLimit-Limit, -Remaining and -Reset; over the limit 429 with Retry-After.
 */
export function requireApiKey(deps: {
  db: Db;
  now: () => Date;
  perSecond: number;
  limiter: KeyRateLimiter;
}): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const match = KEY_PATTERN.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw invalidKey();
    const now = deps.now().getTime();
    const found = await findActiveKey(deps.db, hashToken(match[1]));
    if (!found) throw invalidKey();
    request.apiKey = found.key;
    request.user = found.user;
    const { count, windowStart } = deps.limiter.take(found.key.id, now);
    const reset = Math.max(1, Math.ceil((windowStart + RATE_WINDOW_MS - now) / 1000));
    const headers = {
      'ratelimit-limit': String(deps.perSecond),
      'ratelimit-remaining': String(Math.max(0, deps.perSecond - count)),
      'ratelimit-reset': String(reset),
    };
    reply.headers(headers);
    if (count > deps.perSecond) {
      throw new AppError('TOO_MANY_REQUESTS', MESSAGES.apiRateLimited, undefined, {
        ...headers,
        'retry-after': String(reset),
      });
    }
  };
}
