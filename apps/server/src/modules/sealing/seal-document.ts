import { randomUUID } from 'node:crypto';
import type { Signer } from '@libpdf/core';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { documentFields, documents, requisites, signers } from '../../platform/db/schema.js';
import { sealPdf } from '../../platform/pdf/seal/seal-pdf.js';
import type { StampField } from '../../platform/pdf/seal/stamp-fields.js';
import type { Storage } from '../../platform/storage/storage.js';
import { listActivityRows, recordActivity } from '../activity/repository.js';
import { certificateSigners } from './evidence.js';

export interface SealDocumentDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  signer: () => Promise<Signer>;
}

export type SealOutcome = 'sealed' | 'already-sealed' | 'not-completed' | 'missing';

/**
 * Seals a completed document once. The sealed PDF is stored under a new key first (storage writes are atomic),
 * then one transaction sets `sealedAt` and `resultPdfFileKey` only while `sealedAt` is still empty and records the
 * `complete` activity with the sealed file's SHA-256. A second run, or a run that lost a race, changes nothing
 * (its own stored file is removed). A crash between the two steps leaves an unreferenced file, never a
 * half-written one behind `resultPdfFileKey`.
 */
export async function sealDocumentOnce(deps: SealDocumentDeps, documentId: string): Promise<SealOutcome> {
  const { db, storage } = deps;
  const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!document || document.deletedAt) return 'missing';
  if (document.sealedAt) return 'already-sealed';
  if (document.status !== 'completed') return 'not-completed';
  if (!document.pdfFileKey) throw new Error(`completed document ${documentId} has no PDF`);

  const [people, fields, activities] = await Promise.all([
    db.select().from(signers).where(eq(signers.documentId, documentId)),
    db
      .select()
      .from(documentFields)
      .where(eq(documentFields.documentId, documentId))
      .orderBy(asc(documentFields.pageNumber), asc(documentFields.createdAt)),
    listActivityRows(db, documentId),
  ]);
  const requisiteIds = [...new Set(fields.flatMap((field) => (field.requisiteId ? [field.requisiteId] : [])))];
  const pictures = requisiteIds.length
    ? await db
        .select({ id: requisites.id, fileKey: requisites.fileKey })
        .from(requisites)
        .where(inArray(requisites.id, requisiteIds))
    : [];
  const images = new Map<string, Uint8Array>();
  await Promise.all(
    pictures.map(async (picture) => {
      if (picture.fileKey) images.set(picture.id, new Uint8Array(await storage.getBuffer(picture.fileKey)));
    }),
  );

  const original = new Uint8Array(await storage.getBuffer(document.pdfFileKey));
  const stampFields: StampField[] = fields.map((field) => ({
    type: field.type,
    pageNumber: field.pageNumber,
    coordinateX: field.coordinateX,
    coordinateY: field.coordinateY,
    width: field.width,
    height: field.height,
    text: field.text,
    checked: field.checked,
    fontFamily: field.fontFamily,
    fontSize: field.fontSize,
    image: field.requisiteId ? (images.get(field.requisiteId) ?? null) : null,
  }));
  const sealed = await sealPdf({
    original,
    fields: stampFields,
    certificate: {
      title: document.title,
      documentId,
      completedAt: document.completedAt,
      signers: certificateSigners(people, activities),
    },
    signer: await deps.signer(),
    signingTime: deps.now(),
  });

  const key = `documents/${documentId}/sealed/${randomUUID()}.pdf`;
  await storage.put(key, Buffer.from(sealed.bytes), 'application/pdf');
  const won = await db.transaction(async (tx) => {
    const now = deps.now();
    const updated = await tx
      .update(documents)
      .set({ sealedAt: now, resultPdfFileKey: key, updatedAt: now })
      .where(and(eq(documents.id, documentId), isNull(documents.sealedAt)))
      .returning({ id: documents.id });
    if (updated.length !== 1) return false;
    await recordActivity(tx, {
      documentId,
      type: 'complete',
      signerIds: [],
      details: { sha256: sealed.sha256, originalSha256: sealed.originalSha256 },
      at: now,
    });
    return true;
  });
  if (!won) {
    await storage.delete(key).catch(() => {});
    return 'already-sealed';
  }
  return 'sealed';
}
