import { randomUUID } from 'node:crypto';
import { FIELD_KINDS, fieldDisplayText, hiddenFieldIds, pickField } from '@esign/shared';
import type { Signer } from '@libpdf/core';
import { listChainedRows, recordActivity } from '../../data/activity.js';
import { companyOfDocumentOwner } from '../../data/company.js';
import { findDocument, listSigners } from '../../data/documents.js';
import { listAttachments } from '../../data/field-attachments.js';
import { findRequisitesToStamp } from '../../data/requisites.js';
import { listFieldsToStamp, markSealed } from '../../data/sealing.js';
import type { Db } from '../../platform/db/client.js';
import type { JobQueue, QueueInTransaction } from '../../platform/jobs.js';
import { sealPdf, type TrustServices } from '../../platform/pdf/seal/seal-pdf.js';
import type { StampField } from '../../platform/pdf/seal/stamp-fields.js';
import type { Storage } from '../../platform/storage/storage.js';
import { archiveTimestampDue } from './archive-timestamp.js';
import { embeddedAuditTrail } from './audit-trail.js';
import { certificateAttachments, certificateSigners } from './evidence.js';
import { certificateHistory } from './lifecycle-evidence.js';

export interface SealDocumentDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  signer: () => Promise<Signer>;
  jobs: Pick<JobQueue, 'transaction'>;
  /** The public verify page, printed on the certificate of completion. */
  verifyUrl?: string | undefined;
  /** Runs once, in the transaction that records the seal: what follows it (the completion mails) is queued there. */
  onSealed?: (queue: QueueInTransaction, documentId: string) => Promise<void>;
  /** The time-stamping authorities (TSA_URLS): with them the seal is B-LTA. */
  trust?: TrustServices | undefined;
  /** Queued in the seal's transaction when every authority was down (the archive timestamp it owes). */
  onTimestampPending?: (queue: QueueInTransaction, documentId: string) => Promise<void>;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** PNG and JPEG are embedded as they are; other pictures sharp reads (GIF, WebP, TIFF) are turned into PNG first. */
async function embeddablePicture(bytes: Buffer): Promise<Uint8Array> {
  if (bytes.subarray(0, 4).equals(PNG_MAGIC) || bytes.subarray(0, 3).equals(JPEG_MAGIC)) return new Uint8Array(bytes);
  const { default: sharp } = await import('sharp');
  // An unreadable picture is passed on as it is; the stamp then leaves it out rather than failing the seal.
  return new Uint8Array(
    await sharp(bytes)
      .png()
      .toBuffer()
      .catch(() => bytes),
  );
}

export type SealOutcome = 'sealed' | 'already-sealed' | 'not-completed' | 'missing';

/**
 * Seals a completed document once. The sealed PDF is stored under a new key first (storage writes are atomic),
 * then one transaction sets `sealedAt` and `resultPdfFileKey` only while `sealedAt` is still empty and records the
 * `complete` activity with the sealed file's SHA-256, and queues what follows (`onSealed`). A second run, or a run that lost a race, changes nothing
 * (its own stored file is removed). A crash between the two steps leaves an unreferenced file, never a
 * half-written one behind `resultPdfFileKey`.
 */
export async function sealDocumentOnce(deps: SealDocumentDeps, documentId: string): Promise<SealOutcome> {
  const { db, storage } = deps;
  const document = await findDocument(db, documentId);
  if (!document || document.deletedAt) return 'missing';
  if (document.sealedAt) return 'already-sealed';
  if (document.status !== 'completed') return 'not-completed';
  if (!document.pdfFileKey) throw new Error(`completed document ${documentId} has no PDF`);

  const [people, allFields, activities, allAttachments] = await Promise.all([
    listSigners(db, documentId),
    listFieldsToStamp(db, documentId),
    listChainedRows(db, documentId),
    listAttachments(db, documentId),
  ]);
  // A field its condition hides is not stamped, not even an empty checkbox (issue 37).
  const hidden = hiddenFieldIds(allFields);
  const fields = allFields.filter((field) => !hidden.has(field.id));
  const attachmentRows = allAttachments.filter((row) => !hidden.has(row.fieldId));
  // The signers' attached files (issue 37): listed on the certificate with their SHA-256 and embedded in the PDF.
  const attachments = certificateAttachments(attachmentRows, fields, people);
  const attachedFiles = await Promise.all(
    attachmentRows.map(async (row, index) => ({
      name: (attachments[index] as (typeof attachments)[number]).embeddedAs,
      // The Buffer itself, as the original below: a copy would hold each file twice while the seal runs.
      bytes: await storage.getBuffer(row.fileKey),
      mimeType: row.contentType,
      description: `Attached by ${(attachments[index] as (typeof attachments)[number]).attachedBy}: ${row.fileName}`,
    })),
  );
  const requisiteIds = [...new Set(fields.flatMap((field) => (field.requisiteId ? [field.requisiteId] : [])))];
  const saved = await findRequisitesToStamp(db, requisiteIds);
  const requisiteById = new Map(saved.map((requisite) => [requisite.id, requisite]));
  const images = new Map<string, Uint8Array>();
  await Promise.all(
    saved.map(async (requisite) => {
      if (!requisite.fileKey) return;
      images.set(requisite.id, await embeddablePicture(await storage.getBuffer(requisite.fileKey)));
    }),
  );

  // The Buffer itself (a Uint8Array): copying it would hold the original twice while the seal runs.
  const original = await storage.getBuffer(document.pdfFileKey);
  const stampFields: StampField[] = fields.map((field) => {
    const isPicture = FIELD_KINDS[field.type].value === 'image';
    const requisite = isPicture && field.requisiteId ? requisiteById.get(field.requisiteId) : undefined;
    return {
      // The field as saved (every key of the contract), then its value as the seal draws it.
      ...pickField(field),
      // A signature without its picture falls back to its typed text; no requisite, no value.
      // The newer kinds print their display form (a number with its prefix and suffix, a phone number spaced).
      text: isPicture ? (requisite?.text ?? null) : fieldDisplayText(field) || null,
      fontFamily: isPicture ? (requisite?.fontFamily ?? null) : field.fontFamily,
      image: requisite ? (images.get(requisite.id) ?? null) : null,
    };
  });
  const trail = embeddedAuditTrail(documentId, activities);
  const sealed = await sealPdf({
    original,
    fields: stampFields,
    certificate: {
      title: document.title,
      company: (await companyOfDocumentOwner(db, document.userId))?.name ?? null,
      documentId,
      completedAt: document.completedAt,
      signers: certificateSigners(people, activities),
      history: certificateHistory(activities),
      verifyUrl: deps.verifyUrl,
      auditTrail: { count: trail.count, finalHash: trail.finalHash },
      attachments,
    },
    attachments: attachedFiles,
    auditTrail: new TextEncoder().encode(JSON.stringify(trail, null, 1)),
    trust: deps.trust,
    signer: await deps.signer(),
    signingTime: deps.now(),
    isTestMode: document.testMode,
  });

  const key = `documents/${documentId}/sealed/${randomUUID()}.pdf`;
  // A Buffer over the sealed bytes, not a copy of them.
  await storage.put(
    key,
    Buffer.from(sealed.bytes.buffer, sealed.bytes.byteOffset, sealed.bytes.byteLength),
    'application/pdf',
  );
  const won = await deps.jobs.transaction(db, async (tx, queue) => {
    const now = deps.now();
    const evidence = {
      sealLevel: sealed.level,
      timestampPendingSince: sealed.timestampPending ? now : null,
      archiveTimestampDueAt: archiveTimestampDue(sealed.timestamps),
    };
    if (!(await markSealed(tx, { documentId, resultPdfFileKey: key, at: now, ...evidence }))) return false;
    await recordActivity(tx, {
      documentId,
      type: 'complete',
      signerIds: [],
      details: { sha256: sealed.sha256, originalSha256: sealed.originalSha256, level: sealed.level },
      at: now,
    });
    await deps.onSealed?.(queue, documentId);
    if (sealed.timestampPending) await deps.onTimestampPending?.(queue, documentId);
    return true;
  });
  if (!won) {
    await storage.delete(key).catch(() => {});
    return 'already-sealed';
  }
  return 'sealed';
}
