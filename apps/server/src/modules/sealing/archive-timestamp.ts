import { randomUUID } from 'node:crypto';
import { recordActivity } from '../../data/activity.js';
import { findDocument } from '../../data/documents.js';
import { markTimestamped } from '../../data/sealing.js';
import type { Db } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/jobs.js';
import { addArchiveTimestamp, type TrustServices } from '../../platform/pdf/seal/seal-pdf.js';
import type { CheckedTimestamp } from '../../platform/pdf/seal/trusted-time.js';
import type { Storage } from '../../platform/storage/storage.js';

/** A fresh archive timestamp is added this long before the last one's time-stamping certificate expires. */
export const ARCHIVE_RENEWAL_MARGIN_MS = 90 * 24 * 60 * 60 * 1000;

/** When the next archive timestamp is due: a margin before the last token's certificate expires; null without one. */
export function archiveTimestampDue(timestamps: CheckedTimestamp[]): Date | null {
  const last = timestamps.at(-1);
  return last ? new Date(last.certificateNotAfter.getTime() - ARCHIVE_RENEWAL_MARGIN_MS) : null;
}

export interface ArchiveTimestampDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  jobs: Pick<JobQueue, 'transaction'>;
  trust: TrustServices;
  log: { info: (object: object, message: string) => void };
}

export type ArchiveOutcome = 'timestamped' | 'not-owed' | 'missing' | 'lost-race';

/**
 * Adds an archive timestamp to a sealed document that owes one: pending since an outage of every authority (the
 * B-B seal becomes B-LTA), or due for renewal (a fresh document timestamp with the validation data of every earlier
 * one). The new file is one more incremental update of the stored one, stored under a new key; one transaction
 * then moves `resultPdfFileKey` to it only while the stored file is still the one extended, and records a
 * `timestamp` activity with its SHA-256 (which the verify page looks up). The earlier file is kept: each is valid
 * evidence of its own moment. Throws when no authority answers (the job retries with back-off).
 */
export async function addArchiveTimestampOnce(deps: ArchiveTimestampDeps, documentId: string): Promise<ArchiveOutcome> {
  const document = await findDocument(deps.db, documentId);
  if (!document || document.deletedAt || !document.sealedAt || !document.resultPdfFileKey) return 'missing';
  const now = deps.now();
  const isPending = document.timestampPendingSince !== null;
  const isDue = document.archiveTimestampDueAt !== null && document.archiveTimestampDueAt <= now;
  if (!isPending && !isDue) return 'not-owed';
  if (deps.trust.tsaUrls.length === 0) return 'not-owed';

  const previousKey = document.resultPdfFileKey;
  const stored = await deps.storage.getBuffer(previousKey);
  const result = await addArchiveTimestamp(
    new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength),
    deps.trust,
  );
  const key = `documents/${documentId}/sealed/${randomUUID()}.pdf`;
  await deps.storage.put(
    key,
    Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength),
    'application/pdf',
  );
  const dueAt = archiveTimestampDue(result.timestamps);
  const stamp = result.timestamps.at(-1);
  const won = await deps.jobs.transaction(deps.db, async (tx) => {
    const at = deps.now();
    const moved = await markTimestamped(tx, {
      documentId,
      previousKey,
      resultPdfFileKey: key,
      at,
      sealLevel: result.level,
      archiveTimestampDueAt: dueAt,
    });
    if (!moved) return false;
    await recordActivity(tx, {
      documentId,
      type: 'timestamp',
      details: {
        sha256: result.sha256,
        level: result.level,
        reason: isPending ? 'pending' : 'renewal',
        authority: stamp?.authority ?? '',
        time: stamp?.time.toISOString() ?? '',
      },
      at,
    });
    return true;
  });
  if (!won) {
    await deps.storage.delete(key).catch(() => {});
    return 'lost-race';
  }
  deps.log.info(
    {
      documentId,
      reason: isPending ? 'pending' : 'renewal',
      file: key,
      previousFile: previousKey,
      authority: stamp?.url,
      nextDueAt: dueAt?.toISOString() ?? null,
      warnings: result.warnings,
    },
    'archive timestamp added',
  );
  return 'timestamped';
}
