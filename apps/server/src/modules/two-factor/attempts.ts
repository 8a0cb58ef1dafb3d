import {
  MESSAGES,
  TWO_FACTOR_ACCOUNT_FAILURE_LIMIT,
  TWO_FACTOR_FAILURE_LIMIT,
  TWO_FACTOR_WINDOW_SECONDS,
} from '@esign/shared';
import * as repo from '../../data/two-factor.js';
import type { UserRow } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { addressKey } from '../../platform/http/address-key.js';

/**
 * One guess at a second factor (a code, a passkey, the password that removes one) of a user, in a transaction that
 * locks the user's row, so one user's guesses run one at a time and are counted one by one: after
 * TWO_FACTOR_FAILURE_LIMIT wrong ones from the guess's address, or TWO_FACTOR_ACCOUNT_FAILURE_LIMIT from all
 * addresses, in the window, every guess answers 429. `attempt` answers its result, or undefined for a wrong guess
 * (recorded as a failure of the address, answered `wrong()`).
 */
export function limitedAttempts(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return async function limitedAttempt<T>(
    params: { userId: string; ip: string; wrong: () => AppError },
    attempt: (tx: Db, user: UserRow) => Promise<T | undefined>,
  ) {
    type Outcome = { kind: 'limited' } | { kind: 'wrong' } | { kind: 'right'; value: T };
    const { userId } = params;
    const ip = addressKey(params.ip);
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const user = await repo.lockUser(tx, userId);
      if (!user) throw params.wrong();
      const current = now();
      const since = new Date(current.getTime() - TWO_FACTOR_WINDOW_SECONDS * 1000);
      const failures = await repo.countFailures(tx, { userId, ip, since });
      if (failures.byAddress >= TWO_FACTOR_FAILURE_LIMIT || failures.byAccount >= TWO_FACTOR_ACCOUNT_FAILURE_LIMIT) {
        return { kind: 'limited' };
      }
      const value = await attempt(tx, user);
      if (value === undefined) {
        await repo.recordFailure(tx, { userId, ip, at: current });
        return { kind: 'wrong' };
      }
      return { kind: 'right', value };
    });
    if (outcome.kind === 'limited') throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyTwoFactorAttempts);
    if (outcome.kind === 'wrong') throw params.wrong();
    return outcome.value;
  };
}
export type LimitedAttempt = ReturnType<typeof limitedAttempts>;
