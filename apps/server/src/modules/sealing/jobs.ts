import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Storage } from '../../platform/storage/storage.js';

export interface SealingDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
}

/**
 * Sealing a completed document: stamp the field values, append the certificate of completion, apply the PAdES
 * signature, store `resultPdfFileKey`. Queued once by the completion of the last signer.
 */
export function sealingJobs(_deps: SealingDeps) {
  const sealDocument = defineJob({
    name: 'documents.seal',
    payload: z.object({ documentId: z.string().uuid() }),
    retryLimit: 8,
    async handler() {
      // Being built in parallel (issue 5): until then a queued seal fails and is retried.
      throw new Error('sealing is not built yet');
    },
  });
  return { sealDocument };
}
export type SealingJobs = ReturnType<typeof sealingJobs>;
