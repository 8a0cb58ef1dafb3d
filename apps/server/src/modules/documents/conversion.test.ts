import { randomUUID } from 'node:crypto';
import type { Document } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusFile, documentClient } from '../../../test/documents.js';
import { documentParts, documents } from '../../platform/db/schema.js';
import type { JobDefinition, JobQueue } from '../../platform/jobs.js';
import type { OfficeConverter } from '../../platform/office/office-converter.js';
import { conversionJobs } from './conversion.jobs.js';

let t: TestApp;
let docs: ReturnType<typeof documentClient>;
beforeAll(async () => {
  t = await createTestApp();
  docs = documentClient(t.app, (await authClient(t.app).loggedInUser()).accessToken);
});
afterAll(async () => {
  await t?.close();
});

/** The conversion jobs on the app's database and storage, with a queue that only records what is sent. */
function jobsWithRecordedQueue() {
  const sent: { name: string; payload: unknown }[] = [];
  const queue = {
    async send(definition: JobDefinition, payload: unknown) {
      sent.push({ name: definition.name, payload });
    },
  } as unknown as JobQueue;
  const { database, storage } = t.app.platform;
  const jobs = conversionJobs({
    db: database.db,
    storage,
    office: {} as OfficeConverter,
    jobs: queue,
    now: () => new Date(),
  });
  return { jobs, sent };
}

/** A draft with PDF parts stored and inserted directly, so only the handlers called here convert them. */
async function draftWithParts(count: number) {
  const { database, storage } = t.app.platform;
  const document = await docs.create();
  const partIds: string[] = [];
  for (let order = 0; order < count; order++) {
    const id = randomUUID();
    const originalFileKey = `documents/${document.id}/originals/${id}/part.pdf`;
    const bytes = corpusFile('pdf/pdf20_latex_2p.pdf');
    await storage.put(originalFileKey, bytes, 'application/pdf');
    await database.db.insert(documentParts).values({
      id,
      documentId: document.id,
      order,
      originalFileName: 'part.pdf',
      originalFileKey,
      sourceKind: 'pdf',
      sourceExtension: 'pdf',
      sizeBytes: bytes.length,
    });
    partIds.push(id);
  }
  return { documentId: document.id, partIds };
}

async function documentRow(documentId: string) {
  const [row] = await t.app.platform.database.db.select().from(documents).where(eq(documents.id, documentId));
  return row;
}

describe('conversion: combining the parts', () => {
  it('gives a one-part document its part PDF as the combined PDF at once, with no combine job', async () => {
    const { jobs, sent } = jobsWithRecordedQueue();
    const { documentId, partIds } = await draftWithParts(1);
    await jobs.convertPart.handler({ partId: partIds[0] ?? '' });

    const document = await documentRow(documentId);
    const [part] = await t.app.platform.database.db
      .select()
      .from(documentParts)
      .where(eq(documentParts.id, partIds[0] ?? ''));
    // A sound PDF is its own converted file, and that file is the document's PDF: stored once.
    expect(document?.pdfFileKey).toBe(part?.originalFileKey);
    expect(document?.pdfMetadata?.pages).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it('queues one combine job when the last of several parts is converted', async () => {
    const { jobs, sent } = jobsWithRecordedQueue();
    const { documentId, partIds } = await draftWithParts(2);
    await jobs.convertPart.handler({ partId: partIds[0] ?? '' });
    expect(sent).toEqual([]);
    await jobs.convertPart.handler({ partId: partIds[1] ?? '' });
    expect(sent).toEqual([{ name: jobs.combineDocument.name, payload: { documentId } }]);
    expect((await documentRow(documentId))?.pdfFileKey).toBeNull();

    await jobs.combineDocument.handler({ documentId });
    const document = await documentRow(documentId);
    expect(document?.pdfFileKey).toBe(`documents/${documentId}/combined-${document?.partsRevision}.pdf`);
    expect(document?.pdfMetadata?.pages).toHaveLength(4);
  });

  it('combines on a retry when an earlier attempt converted the part but did not combine', async () => {
    const { jobs } = jobsWithRecordedQueue();
    const { documentId, partIds } = await draftWithParts(1);
    await jobs.convertPart.handler({ partId: partIds[0] ?? '' });
    // As if the attempt had failed between the part's update and the combine.
    await t.app.platform.database.db
      .update(documents)
      .set({ pdfFileKey: null, pdfMetadata: null })
      .where(eq(documents.id, documentId));

    await jobs.convertPart.handler({ partId: partIds[0] ?? '' });
    expect((await documentRow(documentId))?.pdfFileKey).not.toBeNull();
  });

  it('finishes a one-part upload through the running app with the part PDF as the document PDF', async () => {
    const document = await docs.create();
    const part = await docs.uploadOk(document.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
    await docs.waitUntilFinished(document.id);
    const finished = (await docs.get(document.id)).json<Document>();
    const [row] = await t.app.platform.database.db.select().from(documentParts).where(eq(documentParts.id, part.id));
    expect(finished.pdfFileKey).toBe(row?.pdfFileKey);
    expect(finished.pdfMetadata?.pages).toHaveLength(2);
  });
});
