import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_TTL_SECONDS, MESSAGES } from '@esign/shared';
import type { FastifyRequest } from 'fastify';
import { claimIdempotencyKey, findIdempotencyKey, saveIdempotentAnswer } from '../../data/public-api.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';

/** The digest an Idempotency-Key's request is compared by: its route and its parsed body. */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${JSON.stringify(body)}`)
    .digest('hex');
}

/** The Idempotency-Key header of a public POST: 1 to 255 visible ASCII characters, or none. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.idempotencyKeyInvalid);
  }
  return value;
}

/**
 * A public POST's work made safe to retry, inside the caller's transaction `tx` (every public POST runs its work
 * through this: sign_request, and the webhooks' routes when they come): the key claimed by an insert, so a
 * concurrent repeat waits on that row until this transaction ends and then reads the first answer; another request
 * (route and body) with the same key answers 422 IDEMPOTENCY_KEY_REUSED; a claim older than 24 hours is taken over.
 * A failed work rolls its claim back with it, so a retry does the work. Without a key, the work alone.
 */
export async function idempotent<T>(
  tx: Db,
  params: { userId: string; idempotencyKey: string | undefined; route: string; body: unknown; now: Date },
  work: () => Promise<T>,
): Promise<T> {
  if (!params.idempotencyKey) return work();
  const claim = { userId: params.userId, key: params.idempotencyKey };
  const hash = requestHash(params.route, params.body);
  const staleBefore = new Date(params.now.getTime() - IDEMPOTENCY_TTL_SECONDS * 1000);
  if (!(await claimIdempotencyKey(tx, { ...claim, requestHash: hash, staleBefore, now: params.now }))) {
    const first = await findIdempotencyKey(tx, claim);
    if (!first || first.requestHash !== hash)
      throw new AppError('IDEMPOTENCY_KEY_REUSED', MESSAGES.idempotencyKeyReused);
    return first.response as T;
  }
  const answer = await work();
  await saveIdempotentAnswer(tx, { ...claim, statusCode: 200, response: answer });
  return answer;
}
