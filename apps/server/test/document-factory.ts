import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../src/data/activity.js';
import { issueSigningToken } from '../src/data/signing-tokens.js';
import { documents, signers } from '../src/platform/db/schema.js';

type DocumentValues = typeof documents.$inferInsert;

export interface FactorySigner {
  name: string;
  email: string;
  order?: number;
  isPreparer?: boolean;
  isFinished?: boolean;
}

/**
 * Makes documents in any state by inserting rows directly (documents, signers, activities, tokens), for tests
 * of what happens after preparing and sending.
 */
export function documentFactory(app: FastifyInstance) {
  const { db } = app.platform.database;

  async function create(
    userId: string,
    values: Partial<DocumentValues> & { signers?: FactorySigner[]; pdf?: Buffer; result?: Buffer } = {},
  ) {
    const { signers: signerInputs = [], pdf, result, ...documentValues } = values;
    const [document] = await db
      .insert(documents)
      .values({ userId, type: 'others', title: 'Untitled', status: 'draft', ...documentValues })
      .returning();
    if (!document) throw new Error('document not created');
    const keys: Partial<DocumentValues> = {};
    if (pdf) {
      keys.pdfFileKey = `documents/${document.id}/document.pdf`;
      await app.platform.storage.put(keys.pdfFileKey, pdf, 'application/pdf');
    }
    if (result) {
      keys.resultPdfFileKey = `documents/${document.id}/result.pdf`;
      await app.platform.storage.put(keys.resultPdfFileKey, result, 'application/pdf');
    }
    if (pdf || result) {
      await db.update(documents).set(keys).where(eq(documents.id, document.id));
    }
    const signerRows =
      signerInputs.length === 0
        ? []
        : await db
            .insert(signers)
            .values(
              signerInputs.map((signer, index) => ({
                documentId: document.id,
                name: signer.name,
                email: signer.email,
                order: signer.order ?? index + 1,
                isPreparer: signer.isPreparer ?? false,
                isFinished: signer.isFinished ?? false,
              })),
            )
            .returning();
    await recordActivity(db, { documentId: document.id, type: 'create', userId, sourceIp: '127.0.0.1' });
    return { ...document, ...keys, signers: signerRows };
  }

  return {
    create,
    token: (documentId: string, signerId: string) => issueSigningToken(db, { documentId, signerId }),
  };
}
