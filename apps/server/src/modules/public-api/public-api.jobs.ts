import { IDEMPOTENCY_TTL_SECONDS } from '@esign/shared';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { apiIdempotency } from '../../platform/db/schema.js';
import { defineJob } from '../../platform/jobs.js';

/** Every hour: the Idempotency-Keys past their 24 hours are removed (a repeat after that is a new request). */
export const IDEMPOTENCY_SWEEP_CRON = '17 * * * *';

export function publicApiJobs(deps: { db: Db; now: () => Date }) {
  const sweepIdempotencyKeys = defineJob({
    name: 'public-api.idempotency-sweep',
    payload: z.object({}),
    retryLimit: 1,
    async handler() {
      const before = new Date(deps.now().getTime() - IDEMPOTENCY_TTL_SECONDS * 1000);
      await deps.db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, before));
    },
  });
  return { sweepIdempotencyKeys };
}
