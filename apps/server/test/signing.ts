import { randomUUID } from 'node:crypto';
import type { Language, RecipientRole, SignerVerification } from '@esign/shared';
import {
  API_PREFIX,
  blankField,
  type FieldDateFormat,
  type FieldSettings,
  type FieldType,
  SIGN_ACCESS_TOKEN_HEADER,
} from '@esign/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listFields, toFieldRow } from '../src/data/document-fields.js';
import { issueSigningToken } from '../src/data/signing-tokens.js';
import { documentFields, documents, requisites, signers } from '../src/platform/db/schema.js';
import { authClient } from './auth.js';
import { corpusFile } from './documents.js';

export interface FieldSpec {
  type: FieldType;
  required?: boolean;
  pageNumber?: number;
  coordinateY?: number;
  dateFormat?: FieldDateFormat;
  /** Issue 37: the newer kinds' settings. */
  settings?: FieldSettings;
  /** Issue 37: a value the sender gave (a prefill). */
  text?: string | null;
  checked?: boolean;
  width?: number;
  height?: number;
}

export interface SignerSpec {
  name?: string;
  email?: string;
  isPreparer?: boolean;
  /** Issue 36: the recipient's role (a signer when absent) and step (its order when absent). */
  recipientRole?: RecipientRole;
  step?: number;
  /** Issue 38: the recipient's identity check and the number its SMS code goes to. */
  verification?: SignerVerification;
  phone?: string;
  fields: FieldSpec[];
}

export interface AwaitingDocumentOptions {
  signers: SignerSpec[];
  isOrdered?: boolean;
  codeAccess?: string;
  redirectionPage?: string;
  testMode?: boolean;
  title?: string;
  language?: Language;
}

/** A real PDF from the shared corpus (4 pages, each turned differently). */
export const SAMPLE_PDF = 'pdf/rotate_0_90_180_270_cropbox_qpdf_boxes.pdf';

/**
 * An awaiting document as send-out leaves it, made directly in the database: a stored real PDF, signers in
 * order (from 1), their fields, and one signing link token per signer.
 */
export async function awaitingDocument(app: FastifyInstance, options: AwaitingDocumentOptions) {
  const { db } = app.platform.database;
  const owner = await authClient(app).loggedInUser();
  const documentId = randomUUID();
  const pdfFileKey = `documents/${documentId}/combined.pdf`;
  await app.platform.storage.put(pdfFileKey, corpusFile(SAMPLE_PDF), 'application/pdf');
  await db.insert(documents).values({
    id: documentId,
    userId: owner.id,
    title: options.title ?? 'Lease agreement',
    type: 'others',
    status: 'awaiting',
    pdfFileKey,
    pdfMetadata: { pages: Array.from({ length: 4 }, () => ({ width: 612, height: 792 })) },
    isOrdered: options.isOrdered ?? false,
    codeAccess: options.codeAccess ?? null,
    redirectionPage: options.redirectionPage ?? null,
    testMode: options.testMode ?? false,
    language: options.language ?? null,
    sentAt: new Date(),
  });
  const made = [];
  for (const [index, spec] of options.signers.entries()) {
    const [signer] = await db
      .insert(signers)
      .values({
        documentId,
        name: spec.name ?? `Signer ${index + 1}`,
        email: spec.email ?? `signer${index + 1}.${documentId.slice(0, 8)}@example.com`,
        order: spec.isPreparer ? -1 : index + 1,
        isPreparer: spec.isPreparer ?? false,
        userId: spec.isPreparer ? owner.id : null,
        ...(spec.recipientRole ? { recipientRole: spec.recipientRole } : {}),
        ...(spec.step ? { step: spec.step } : {}),
        ...(spec.verification ? { verification: spec.verification } : {}),
        ...(spec.phone ? { phone: spec.phone } : {}),
      })
      .returning();
    if (!signer) throw new Error('signer not made');
    const fieldIds = spec.fields.map(() => randomUUID());
    if (spec.fields.length > 0) {
      await db.insert(documentFields).values(
        spec.fields.map(({ dateFormat, ...field }, fieldIndex) =>
          toFieldRow(
            documentId,
            blankField({
              ...field,
              ...(dateFormat ? { dateFormat } : {}),
              id: fieldIds[fieldIndex] as string,
              signerId: signer.id,
              coordinateX: 50,
              coordinateY: field.coordinateY ?? 100 + fieldIndex * 40,
              width: field.width ?? 110,
              height: field.height ?? 25,
            }),
          ),
        ),
      );
    }
    const token = await issueSigningToken(db, { documentId, signerId: signer.id });
    made.push({ id: signer.id, token, fieldIds, email: signer.email });
  }
  return { owner, documentId, pdfFileKey, signers: made };
}

/** A saved signature or initials of a signer (who has no account): typed, unless `valueType` says otherwise. */
export async function signerRequisite(
  app: FastifyInstance,
  signerId: string,
  type: 'sign' | 'initial' = 'sign',
  valueType: 'text' | 'draw' | 'upload' = 'text',
) {
  const [row] = await app.platform.database.db
    .insert(requisites)
    .values({ signerId, type, valueType, text: 'Signer', fontFamily: 'dancingScript' })
    .returning({ id: requisites.id });
  if (!row) throw new Error('requisite not made');
  return row.id;
}

/** Calls as a signer: the signing link's token in its header. */
export function signerClient(app: FastifyInstance, token: string) {
  return (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `${API_PREFIX}${path}`,
      headers: { [SIGN_ACCESS_TOKEN_HEADER]: token, 'user-agent': 'SignerTest/1.0', ...headers },
      ...(payload ? { payload } : {}),
    });
}

/** Today's date (UTC) in MM/DD/YYYY. */
export function todayMmDdYyyy(now = new Date()): string {
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(now.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${now.getUTCFullYear()}`;
}

/** Waits for the real seal job (queued by the completion) to store the result; answers the document's row. */
export async function waitForSealed(app: FastifyInstance, documentId: string) {
  // Loaded here: a child process outside Vitest (crash-child.ts) imports this file too.
  const { vi } = await import('vitest');
  return vi.waitFor(
    async () => {
      const [row] = await app.platform.database.db.select().from(documents).where(eq(documents.id, documentId));
      if (!row?.sealedAt) throw new Error(`document ${documentId} was not sealed`);
      return row;
    },
    { timeout: 90_000, interval: 200 },
  );
}

/**
 * A document awaiting one signer (Dana Fox unless named) with `fields`, and that signer's calls: save and sign its
 * values, view its page, and the stored rows of its fields in the order given (the field kinds' route tests).
 */
export async function oneSignerDocument(app: FastifyInstance, fields: SignerSpec['fields'], name = 'Dana Fox') {
  const doc = await awaitingDocument(app, { signers: [{ name, fields }] });
  const signer = doc.signers[0] as (typeof doc.signers)[number];
  const as = signerClient(app, signer.token);
  const base = `/document_sign/documents/${doc.documentId}/signers/${signer.id}`;
  return {
    doc,
    signer,
    ids: signer.fieldIds,
    as,
    save: (values: object[]) => as('PATCH', `${base}/fields`, { fields: values }),
    sign: (values: object[]) => as('PATCH', `${base}/sign`, { fields: values, consent: 'I agree' }),
    view: () => as('GET', `/document_sign/signers/${signer.id}/document/${doc.documentId}`),
    rows: async () => {
      const rows = await listFields(app.platform.database.db, doc.documentId);
      return signer.fieldIds.map((id) => rows.find((row) => row.id === id));
    },
  };
}
