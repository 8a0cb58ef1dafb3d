import type { Signer } from '@libpdf/core';
import { z } from 'zod';
import { listArchiveTimestampsOwed, listUnsealed } from '../../data/sealing.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob, type JobQueue, type QueueInTransaction } from '../../platform/jobs.js';
import type { TrustServices } from '../../platform/pdf/seal/seal-pdf.js';
import {
  assertSealingCertificate,
  createSigner,
  loadSigningIdentity,
  type SigningIdentityOptions,
} from '../../platform/pdf/seal/signing-identity.js';
import type { Storage } from '../../platform/storage/storage.js';
import { addArchiveTimestampOnce } from './archive-timestamp.js';
import { sealDocumentOnce } from './seal-document.js';

export interface SealingDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  jobs: Pick<JobQueue, 'send' | 'transaction'>;
  /** Where the signing certificate comes from (configured PKCS#12, or self-signed in DATA_DIR). */
  signingIdentity: Omit<SigningIdentityOptions, 'now'>;
  /** The public verify page, printed on the certificate of completion. */
  verifyUrl?: string | undefined;
  /** Called once, in the transaction that records a document's seal (the completion mails are queued there). */
  onSealed?: (queue: QueueInTransaction, documentId: string) => Promise<void>;
  /** TSA_URLS and their time-out: seals are B-LTA with at least one authority. */
  trust?: Omit<TrustServices, 'onFailure'>;
  log?: { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };
}

/** A document completed longer ago than this and still not sealed is queued again by the sweep. */
export const SEAL_SWEEP_AFTER_MS = 15 * 60 * 1000;
/** How often the sweep runs (cron). */
export const SEAL_SWEEP_CRON = '*/5 * * * *';
/** How often archive timestamps owed (pending since an outage, or due for renewal) are looked for (cron). */
export const ARCHIVE_SWEEP_CRON = '17 * * * *';

/**
 * Sealing a completed document: stamp the field values, append the certificate of completion, apply the PAdES
 * signature, store `resultPdfFileKey`. Queued once by the completion of the last signer; the sweep queues again
 * any document left unsealed (a crash, a failed last retry).
 */
export function sealingJobs(deps: SealingDeps) {
  let signer: Promise<Signer> | undefined;
  const loadSigner = () => {
    signer ??= Promise.resolve()
      .then(async () => {
        const created = await createSigner(loadSigningIdentity({ ...deps.signingIdentity, now: deps.now() }));
        assertSealingCertificate(created.certificate, deps.now());
        return created;
      })
      .catch((error: unknown) => {
        signer = undefined;
        throw error;
      });
    return signer;
  };

  const log = deps.log ?? { info: () => {}, warn: () => {} };
  const trust: TrustServices = {
    ...(deps.trust ?? { tsaUrls: [] }),
    onFailure: (url, reason) => log.warn({ authority: url, reason }, 'time-stamping authority failed'),
  };

  /**
   * Adds the archive timestamp a document owes (`archive-timestamp.ts`). Retried with back-off while no authority
   * answers (about 1, 2, 4... minutes, some 17 hours in all); the hourly sweep queues it again after that.
   */
  const archiveTimestamp = defineJob({
    name: 'documents.archive-timestamp',
    payload: z.object({ documentId: z.string().uuid() }),
    retryLimit: 10,
    retryDelay: 60,
    // Each authority and responder has its own time-out; a 50 MB file is read and written once.
    expireInSeconds: 300,
    async handler({ documentId }) {
      await addArchiveTimestampOnce({ ...deps, trust, log }, documentId);
    },
  });

  const sweepArchiveTimestamps = defineJob({
    name: 'documents.archive-sweep',
    payload: z.object({}),
    retryLimit: 1,
    async handler() {
      if (trust.tsaUrls.length === 0) return;
      const owed = await listArchiveTimestampsOwed(deps.db, { dueBy: deps.now() });
      if (owed.length > 0) log.info({ documents: owed.map(({ id }) => id) }, 'archive timestamps owed');
      for (const { id } of owed) {
        await deps.jobs.send(
          archiveTimestamp,
          { documentId: id },
          { singletonKey: `archive:${id}`, singletonMinutes: 60 },
        );
      }
    },
  });

  const sealDocument = defineJob({
    name: 'documents.seal',
    payload: z.object({ documentId: z.string().uuid() }),
    retryLimit: 8,
    // A seal takes about a second even for a 50 MB scan (bench/seal.bench.ts); with time-stamping authorities it
    // may also wait TSA_TIMEOUT_MS on each authority and responder that does not answer: three minutes leave room
    // for that and for slow storage, and a seal cut off by a crash is retried soon after on PostgreSQL too.
    expireInSeconds: 180,
    async handler({ documentId }) {
      await sealDocumentOnce(
        {
          ...deps,
          signer: loadSigner,
          trust,
          onTimestampPending: (queue, id) => queue(archiveTimestamp, { documentId: id }),
        },
        documentId,
      );
    },
  });

  const sweepUnsealed = defineJob({
    name: 'documents.seal-sweep',
    payload: z.object({}),
    retryLimit: 1,
    async handler() {
      const stuck = await listUnsealed(deps.db, {
        completedBefore: new Date(deps.now().getTime() - SEAL_SWEEP_AFTER_MS),
      });
      for (const { id } of stuck) {
        // At most one sweep-queued seal per document per window, so a document that keeps failing is not piled up.
        await deps.jobs.send(sealDocument, { documentId: id }, { singletonKey: `seal:${id}`, singletonMinutes: 15 });
      }
    },
  });

  /**
   * Opens a configured PKCS#12 at start, so a wrong path or password fails the start, not the first seal. The
   * self-signed certificate is generated by the first seal (it takes a second or two of CPU, which every test
   * application and every start of a fresh instance would otherwise pay).
   */
  async function prepareSigner(): Promise<void> {
    if (deps.signingIdentity.p12Path) await loadSigner();
  }

  return { sealDocument, sweepUnsealed, archiveTimestamp, sweepArchiveTimestamps, prepareSigner };
}
export type SealingJobs = ReturnType<typeof sealingJobs>;
