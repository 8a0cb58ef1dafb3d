import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusFile, documentClient } from '../../../test/documents.js';
import { documentParts } from '../../platform/db/schema.js';
import type { OfficeConverter } from '../../platform/office/office-converter.js';
import { CONVERSION_SWEEP_AFTER_MS, conversionJobs } from './conversion.jobs.js';

let t: TestApp;
let docs: ReturnType<typeof documentClient>;
beforeAll(async () => {
  t = await createTestApp();
  docs = documentClient(t.app, (await authClient(t.app).loggedInUser()).accessToken);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.platform.database.db;

/** The conversion jobs of the test's part ids, in any state (queued, running, done). */
async function conversionJobsOf(partId: string) {
  const result = await db().execute(
    sql`select name from pgboss.job where name like 'documents.convert%' and data->>'partId' = ${partId}
        union all
        select name from pgboss.archive where name like 'documents.convert%' and data->>'partId' = ${partId}`,
  );
  return (result as unknown as { rows: { name: string }[] }).rows;
}

describe('the upload queues its conversion in its own transaction', { timeout: 60_000 }, () => {
  it('leaves no part without its conversion job when queueing fails', async () => {
    // The cause: the conversion job was queued after the upload's transaction had committed, so a crash (or a
    // failure of the queue) at that moment left a part that no job would ever convert.
    const document = await docs.create();
    const queue = t.app.platform.jobs as unknown as { insert: (...args: unknown[]) => Promise<void> };
    const failing = vi.spyOn(queue, 'insert').mockRejectedValueOnce(new Error('the process died here'));
    try {
      const response = await docs.upload(document.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
      expect(response.statusCode).toBe(500);
    } finally {
      failing.mockRestore();
    }
    const parts = await db().select().from(documentParts).where(eq(documentParts.documentId, document.id));
    expect(parts).toEqual([]);

    // The next upload commits its part and its job together, and converts.
    const part = await docs.uploadOk(document.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
    expect(await conversionJobsOf(part.id)).toHaveLength(1);
    const finished = await docs.waitUntilFinished(document.id);
    expect(finished.parts.map((row) => row.errorText)).toEqual([null]);
  });
});

describe('documents.convert-sweep', { timeout: 60_000 }, () => {
  /** A part committed without its job (as a crash after the commit left it before), made `ageMs` ago. */
  async function orphanedPart(documentId: string, ageMs: number) {
    const id = randomUUID();
    const originalFileKey = `documents/${documentId}/originals/${id}/part.pdf`;
    const bytes = corpusFile('pdf/pdf20_latex_2p.pdf');
    await t.app.platform.storage.put(originalFileKey, bytes, 'application/pdf');
    await db()
      .insert(documentParts)
      .values({
        id,
        documentId,
        order: 0,
        originalFileName: 'part.pdf',
        originalFileKey,
        sourceKind: 'pdf',
        sourceExtension: 'pdf',
        sizeBytes: bytes.length,
        createdAt: new Date(t.app.platform.now().getTime() - ageMs),
      });
    return id;
  }

  function sweep() {
    const { database, storage, jobs, now } = t.app.platform;
    return conversionJobs({ db: database.db, storage, office: {} as OfficeConverter, jobs, now }).sweepUnconverted;
  }

  it('queues an orphaned part exactly once, and leaves recent parts to their own job', async () => {
    const orphan = await orphanedPart((await docs.create()).id, CONVERSION_SWEEP_AFTER_MS + 60_000);
    const recentDocument = await docs.create();
    const recent = await orphanedPart(recentDocument.id, 60_000);

    await sweep().handler({});
    await sweep().handler({});

    expect(await conversionJobsOf(orphan)).toEqual([{ name: 'documents.convert-part' }]);
    expect(await conversionJobsOf(recent)).toEqual([]);
    // The application's own worker converts the part the sweep queued.
    await vi.waitFor(
      async () => {
        const [row] = await db().select().from(documentParts).where(eq(documentParts.id, orphan));
        expect(row?.convertedAt).toBeInstanceOf(Date);
      },
      { timeout: 30_000, interval: 100 },
    );
    await sweep().handler({});
    expect(await conversionJobsOf(orphan)).toHaveLength(1);
  });
});
