// The two sides of the seal benchmark (issue 5), shared by the timing run and the memory children
// (seal-child.ts): the whole seal job on a real database and storage, and the bare script it is compared with.
// The job also comes with 300 fields of every kind and three attached files (issue 37).
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { blankField, type DocumentField, FIELD_KINDS, FIELD_TYPES, type FieldType } from '@esign/shared';
import { PDF, type Signer } from '@libpdf/core';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { toFieldRow } from '../src/data/document-fields.js';
import { saveAttachment } from '../src/data/field-attachments.js';
import { sealDocumentOnce } from '../src/modules/sealing/seal-document.js';
import { readAttachment } from '../src/modules/signing/attachments.js';
import { type Database, openDatabase } from '../src/platform/db/client.js';
import { documentFields, documents, requisites, signers, users } from '../src/platform/db/schema.js';
import { JobQueue } from '../src/platform/jobs.js';
import type { StampField } from '../src/platform/pdf/seal/stamp-fields.js';
import { newFileKey } from '../src/platform/storage/keys.js';
import { LocalStorage } from '../src/platform/storage/local.js';
import { createTestDatabase } from '../test/database.js';

export type SealInputName = 'text' | 'scan';

/** 300 fields, three on each of 100 pages, the five kinds in turn. */
function benchDocumentFields(): DocumentField[] {
  const types = ['signature', 'text', 'date', 'checkbox', 'initials'] as const;
  return Array.from({ length: 300 }, (_, index) => {
    const type = types[index % types.length] ?? 'text';
    return blankField({
      id: randomUUID(),
      type,
      pageNumber: (index % 100) + 1,
      coordinateX: 50 + (index % 3) * 150,
      coordinateY: 100 + Math.floor(index / 100) * 200,
      width: 120,
      height: 30,
      text: type === 'text' ? `Field value ${index}` : type === 'date' ? '01/02/2026' : null,
      checked: true,
      fontFamily: 'arial',
      fontSize: 12,
    });
  });
}

const CHOICES = ['Basic', 'Team', 'Enterprise'];

/** A value of each kind as a signer leaves it (an attachment's text, its file's name, is set with its file). */
function mixedValue(type: FieldType, index: number): Partial<DocumentField> {
  switch (type) {
    case 'date':
      return { text: '01/02/2026' };
    case 'checkbox':
      return { checked: true };
    case 'number':
      return { text: `${1000 + index}.50`, settings: { name: `amount ${index}`, decimals: 2, prefix: '$' } };
    case 'email':
      return { text: `signer${index}@example.com` };
    case 'phone':
      return { text: '+14155550123' };
    case 'url':
      return { text: `https://example.com/orders/${index}` };
    case 'dropdown':
    case 'radio':
      return { text: CHOICES[index % CHOICES.length] ?? null, settings: { choices: CHOICES } };
    case 'multiselect':
      return { text: JSON.stringify(CHOICES.slice(0, 2)), settings: { choices: CHOICES } };
    case 'formula':
      return { text: `${2 * (1000 + index)}.00`, settings: { formula: 'amount * 2', decimals: 2, suffix: ' USD' } };
    default:
      return FIELD_KINDS[type].value === 'text' ? { text: `Field value ${index}` } : {};
  }
}

/**
 * 300 fields on the same places as the plain ones, every kind but the attachment in turn, and the last ones
 * attachment fields whose texts are these files' names.
 */
function mixedDocumentFields(fileNames: readonly string[]): DocumentField[] {
  const types = FIELD_TYPES.filter((type) => type !== 'attachment');
  const firstAttachment = 300 - fileNames.length;
  return benchDocumentFields().map((field, index) => {
    const type = index >= firstAttachment ? 'attachment' : (types[index % types.length] ?? 'text');
    const value =
      type === 'attachment' ? { text: fileNames[index - firstAttachment] ?? null } : mixedValue(type, index);
    return { ...field, type, text: null, checked: false, settings: null, ...value };
  });
}

/** The bench fields as the seal stamps them: signatures and initials with the picture. */
export function benchFields(picture: Uint8Array): StampField[] {
  return benchDocumentFields().map((field) => ({
    ...field,
    image: FIELD_KINDS[field.type].value === 'image' ? picture : null,
  }));
}

/**
 * The bare script: the same library loads the PDF, stamps the same fields (standard font, no page frames or
 * fallback fonts), saves, loads the saved file and signs it.
 */
export async function bareSeal(original: Uint8Array, fields: StampField[], picture: Uint8Array, signer: Signer) {
  const pdf = await PDF.load(original);
  const image = pdf.embedPng(picture);
  for (const field of fields) {
    const page = pdf.getPage(field.pageNumber - 1);
    if (!page) continue;
    const y = page.height - field.coordinateY - field.height;
    if (field.image) page.drawImage(image, { x: field.coordinateX, y, width: field.width, height: field.height });
    else page.drawText(field.text ?? 'X', { x: field.coordinateX, y, size: 12 });
  }
  const saved = await PDF.load(await pdf.save());
  return (await saved.sign({ signer, subFilter: 'ETSI.CAdES.detached' })).bytes;
}

export interface SealJob {
  /** The job's storage, and the keys of the attached files in it (none without `attachments`). */
  storage: LocalStorage;
  attachmentKeys: string[];
  /** Makes the document unsealed again (not part of the job; call it before each `seal`). */
  reset(): Promise<void>;
  /** The whole job: read the rows and the original, stamp, certificate, sign, store, record `complete`. */
  seal(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A completed document with one signer, the PDF in local storage and the fields in the database (the signature
 * and initials pictures as the signer's requisite). The database is the server's own default, PGlite in
 * `<dataDir>/db` (opened again if it is there, as a running server has it), or with DATABASE_URL a database of
 * its own on that PostgreSQL server, dropped on close.
 */
export async function openSealJob(options: {
  dataDir: string;
  /** The original PDF's file, streamed into storage so this process does not hold its bytes. */
  originalPath: string;
  picture: Uint8Array;
  signer: Signer;
  /**
   * Files (PDF, PNG or JPEG) attached by the signer: with them the 300 fields are of every kind (issue 37), the
   * last ones attachment fields holding these files, each checked and hashed as its upload is (readAttachment).
   */
  attachments?: readonly string[];
}): Promise<SealJob> {
  const attachmentPaths = options.attachments ?? [];
  const target = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const database: Database = await openDatabase({ databaseUrl: target?.url, dataDir: options.dataDir });
  const { db } = database;
  const storage = new LocalStorage(join(options.dataDir, 'files'), 'http://127.0.0.1', 'bench-only-secret');
  const [user] = await db
    .insert(users)
    .values({ name: 'Owner', email: `owner-${randomUUID()}@example.com`, passwordHash: 'not used' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const documentId = randomUUID();
  const pdfFileKey = `documents/${documentId}/original.pdf`;
  await storage.put(pdfFileKey, createReadStream(options.originalPath), 'application/pdf');
  const [document] = await db
    .insert(documents)
    .values({
      id: documentId,
      userId: user.id,
      title: 'Benchmark',
      type: 'others',
      status: 'completed',
      pdfFileKey,
      completedAt: new Date(),
    })
    .returning({ id: documents.id });
  if (!document) throw new Error('no document');
  const [signer] = await db
    .insert(signers)
    .values({ documentId: document.id, name: 'Ann Example', email: 'ann@example.com', order: 1, isFinished: true })
    .returning({ id: signers.id });
  if (!signer) throw new Error('no signer');
  const pictureKey = `requisites/${signer.id}/sign.png`;
  await storage.put(pictureKey, Buffer.from(options.picture), 'image/png');
  const [picture] = await db
    .insert(requisites)
    .values({ signerId: signer.id, type: 'sign', valueType: 'draw', fileKey: pictureKey })
    .returning({ id: requisites.id });
  const fields = attachmentPaths.length
    ? mixedDocumentFields(attachmentPaths.map((path) => basename(path)))
    : benchDocumentFields();
  await db.insert(documentFields).values(
    fields.map((field) =>
      toFieldRow(document.id, {
        ...field,
        signerId: signer.id,
        requisiteId: FIELD_KINDS[field.type].value === 'image' ? (picture?.id ?? null) : null,
      }),
    ),
  );
  const attachmentFields = fields.filter((field) => field.type === 'attachment');
  const attachmentKeys: string[] = [];
  for (const [index, path] of attachmentPaths.entries()) {
    const field = attachmentFields[index];
    if (!field) throw new Error('no attachment field');
    const bytes = await readFile(path);
    const file = await readAttachment({
      fileName: basename(path),
      stream: Readable.from([bytes]),
      isTruncated: () => false,
    });
    const { bytes: fileBytes, ...checked } = file;
    const fileKey = newFileKey(`documents/${document.id}/attachments`, file.fileName);
    await storage.put(fileKey, fileBytes, file.contentType);
    await saveAttachment(db, {
      documentId: document.id,
      fieldId: field.id,
      fileKey,
      ...checked,
      sizeBytes: fileBytes.length,
    });
    attachmentKeys.push(fileKey);
  }
  // The job's transaction is the queue's, as in the server; nothing is queued here (no completion mails).
  const jobs = new JobQueue(database, pino({ level: 'silent' }));
  const deps = { db, storage, now: () => new Date(), signer: async () => options.signer, jobs };
  return {
    storage,
    attachmentKeys,
    async reset() {
      const [row] = await db.select().from(documents).where(eq(documents.id, document.id));
      if (row?.resultPdfFileKey) await storage.delete(row.resultPdfFileKey);
      await db.update(documents).set({ sealedAt: null, resultPdfFileKey: null }).where(eq(documents.id, document.id));
    },
    async seal() {
      const outcome = await sealDocumentOnce(deps, document.id);
      if (outcome !== 'sealed') throw new Error(`seal job: ${outcome}`);
    },
    async close() {
      await database.close();
      await target?.drop();
    },
  };
}
