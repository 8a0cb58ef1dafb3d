import { IDEMPOTENCY_TTL_SECONDS } from '@esign/shared';
import { z } from 'zod';
import { deleteExpiredIdempotencyKeys } from '../../data/public-api.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';

/**
 * Every hour: the Idempotency-Keys past their 24 hours are removed (a repeat after that is a new request), and the
 * rate windows of keys that have not called for a minute (a key's next call starts a new window anyway).
 */
export const IDEMPOTENCY_SWEEP_CRON = '17 * * * *';

export function publicApiJobs(deps: { db: Db; now: () => Date }) {
  const sweepIdempotencyKeys = defineJob({
    name: 'public-api.idempotency-sweep',
    payload: z.object({}),
    retryLimit: 1,
    async handler() {
      const before = new Date(deps.now().getTime() - IDEMPOTENCY_TTL_SECONDS * 1000);
      await deleteExpiredIdempotencyKeys(deps.db, { keysBefore: before, windowsBefore: deps.now().getTime() - 60_000 });
    },
  });
  return { sweepIdempotencyKeys };
}
