import {
  MESSAGES,
  SIGN_IN_ACCOUNT_FAILURE_LIMIT,
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_FAILURE_WINDOW_SECONDS,
} from '@esign/shared';
import { recordSignInAttempt } from '../../data/sessions.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';

/**
 * A sign-in attempt (password, or the start of a single sign-on) counted before anything is checked: 429 over the
 * limit per address or per address and account; the account's own limit is far higher, so that failures from
 * elsewhere do not lock its owner out (the correct password from a clean address still signs in). `ip` is the
 * address's key (`addressKey`). The attempt's id and the window's start, for forgetting it on success.
 */
export async function countSignInAttempt(db: Db, params: { email: string; ip: string; now: Date }) {
  const since = new Date(params.now.getTime() - SIGN_IN_FAILURE_WINDOW_SECONDS * 1000);
  const attempts = await recordSignInAttempt(db, { email: params.email, ip: params.ip, since });
  if (
    attempts.byIp > SIGN_IN_FAILURE_LIMIT ||
    attempts.byPair > SIGN_IN_FAILURE_LIMIT ||
    attempts.byEmail > SIGN_IN_ACCOUNT_FAILURE_LIMIT
  ) {
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManySignInAttempts);
  }
  return { id: attempts.id, since };
}
