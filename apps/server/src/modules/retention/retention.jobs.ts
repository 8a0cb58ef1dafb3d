import { z } from 'zod';
import { defineJob } from '../../platform/jobs.js';
import type { RetentionService } from './retention.service.js';

/** Once a day, at a quiet hour (UTC): the retention rule's run (`RETENTION_CRON`). */
export const RETENTION_CRON = '41 3 * * *';

/** The daily retention run: the due documents removed to stubs in batches, each in its own short transaction. */
export function retentionJobs(deps: { retention: RetentionService }) {
  const retentionSweep = defineJob({
    name: 'retention.sweep',
    payload: z.object({}),
    retryLimit: 1,
    expireInSeconds: 30 * 60,
    async handler() {
      await deps.retention.runRetention();
    },
  });
  return { retentionSweep };
}
