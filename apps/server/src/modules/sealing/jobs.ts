import type { Signer } from '@libpdf/core';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { documents } from '../../platform/db/schema.js';
import { defineJob, type JobQueue } from '../../platform/jobs.js';
import {
  createSigner,
  loadSigningIdentity,
  type SigningIdentityOptions,
} from '../../platform/pdf/seal/signing-identity.js';
import type { Storage } from '../../platform/storage/storage.js';
import { sealDocumentOnce } from './seal-document.js';

export interface SealingDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  jobs: Pick<JobQueue, 'send'>;
  /** Where the signing certificate comes from (configured PKCS#12, or self-signed in DATA_DIR). */
  signingIdentity: Omit<SigningIdentityOptions, 'now'>;
  /** Called once after a document is sealed (the completion mails are queued there). */
  onSealed?: (documentId: string) => Promise<void>;
}

/** A document completed longer ago than this and still not sealed is queued again by the sweep. */
export const SEAL_SWEEP_AFTER_MS = 15 * 60 * 1000;
/** How often the sweep runs (cron). */
export const SEAL_SWEEP_CRON = '*/5 * * * *';

/**
 * Sealing a completed document: stamp the field values, append the certificate of completion, apply the PAdES
 * signature, store `resultPdfFileKey`. Queued once by the completion of the last signer; the sweep queues again
 * any document left unsealed (a crash, a failed last retry).
 */
export function sealingJobs(deps: SealingDeps) {
  let signer: Promise<Signer> | undefined;
  const loadSigner = () => {
    signer ??= Promise.resolve()
      .then(() => createSigner(loadSigningIdentity({ ...deps.signingIdentity, now: deps.now() })))
      .catch((error: unknown) => {
        signer = undefined;
        throw error;
      });
    return signer;
  };

  const sealDocument = defineJob({
    name: 'documents.seal',
    payload: z.object({ documentId: z.string().uuid() }),
    retryLimit: 8,
    async handler({ documentId }) {
      const outcome = await sealDocumentOnce({ ...deps, signer: loadSigner }, documentId);
      if (outcome === 'sealed') await deps.onSealed?.(documentId);
    },
  });

  const sweepUnsealed = defineJob({
    name: 'documents.seal-sweep',
    payload: z.object({}),
    retryLimit: 1,
    async handler() {
      const stuck = await deps.db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.status, 'completed'),
            isNull(documents.sealedAt),
            isNull(documents.deletedAt),
            lt(documents.completedAt, new Date(deps.now().getTime() - SEAL_SWEEP_AFTER_MS)),
          ),
        )
        .limit(500);
      for (const { id } of stuck) {
        // At most one sweep-queued seal per document per window, so a document that keeps failing is not piled up.
        await deps.jobs.send(sealDocument, { documentId: id }, { singletonKey: `seal:${id}`, singletonMinutes: 15 });
      }
    },
  });

  return { sealDocument, sweepUnsealed };
}
export type SealingJobs = ReturnType<typeof sealingJobs>;
