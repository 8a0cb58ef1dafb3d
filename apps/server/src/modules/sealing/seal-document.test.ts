import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { blankField } from '@esign/shared';
import { PDF } from '@libpdf/core';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusFile, documentClient } from '../../../test/documents.js';
import { changedBox, pdfsig, pdftotext, renderPage } from '../../../test/poppler.js';
import { waitForSealed } from '../../../test/signing.js';
import { recordActivity } from '../../data/activity.js';
import { toFieldRow } from '../../data/document-fields.js';
import { documentActivities, documentFields, documents, requisites, signers } from '../../platform/db/schema.js';
import type { QueueInTransaction } from '../../platform/jobs.js';
import { sha256Hex } from '../../platform/pdf/seal/seal-pdf.js';
import { sealingJobs } from './sealing.jobs.js';

let test: TestApp;
let owner: { id: string; accessToken: string };

beforeAll(async () => {
  test = await createTestApp();
  owner = await authClient(test.app).loggedInUser();
});
afterAll(() => test.close());

const platform = () => test.app.platform;
const db = () => platform().database.db;

function sealing(onSealed?: (queue: QueueInTransaction, documentId: string) => Promise<void>) {
  const { storage, jobs, now, config } = platform();
  return sealingJobs({
    db: db(),
    storage,
    now,
    jobs,
    signingIdentity: { dataDir: config.dataDir },
    ...(onSealed ? { onSealed } : {}),
  });
}

/** A document uploaded through the routes (two real files: rotated, cropped and odd page sizes), then completed. */
async function uploadedDocument(title: string) {
  const client = documentClient(test.app, owner.accessToken);
  const document = await client.create('others');
  await client.uploadOk(document.id, 'rotated.pdf', corpusFile('pdf/rotate_0_90_180_270_cropbox_qpdf_boxes.pdf'));
  await client.uploadOk(document.id, 'mixed.pdf', corpusFile('pdf/mixed_page_sizes_6p.pdf'));
  await client.waitUntilFinished(document.id);
  await db().update(documents).set({ title }).where(eq(documents.id, document.id));
  const [row] = await db().select().from(documents).where(eq(documents.id, document.id));
  if (!row?.pdfFileKey) throw new Error('no combined PDF');
  return row;
}

async function png(width: number, height: number, colour: string) {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

async function requisite(signerId: string, type: 'sign' | 'initial', picture: Buffer) {
  const key = `requisites/${signerId}/${type}.png`;
  await platform().storage.put(key, picture, 'image/png');
  const [row] = await db()
    .insert(requisites)
    .values({ signerId, type, valueType: 'draw', fileKey: key })
    .returning({ id: requisites.id });
  return row?.id as string;
}

describe('documents.seal', { timeout: 180_000 }, () => {
  it('seals a completed document once: stamped fields, certificate with what was recorded, valid signature', async () => {
    const document = await uploadedDocument('Lease agreement');
    const completedAt = new Date('2026-05-06T07:08:09.000Z');
    const [ann, bob] = await db()
      .insert(signers)
      .values([
        { documentId: document.id, name: 'Ann Example', email: 'ann@example.com', order: 1, isFinished: true },
        { documentId: document.id, name: 'Bob Пример', email: 'bob@example.com', order: 2, isFinished: true },
      ])
      .returning();
    if (!ann || !bob) throw new Error('no signers');
    const signature = await requisite(ann.id, 'sign', await png(300, 100, '#1030c0ff'));
    // Bob's initials were uploaded as a GIF: turned into PNG for the PDF.
    const gif = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000000' } })
      .gif()
      .toBuffer();
    const initials = await requisite(bob.id, 'initial', gif);
    // Pages 1-8: rotations 0, 90, 180, 270 (twice) with a crop box; 9-14: mixed sizes (9 is 384 x 470.88).
    const courier = { fontFamily: 'courierNew', fontSize: 16 } as const;
    const fields = [
      { type: 'signature', pageNumber: 2, signerId: ann.id, requisiteId: signature, x: 100, y: 100, w: 150, h: 50 },
      { type: 'initials', pageNumber: 4, signerId: bob.id, requisiteId: initials, x: 60, y: 400, w: 60, h: 30 },
      {
        type: 'text',
        pageNumber: 3,
        signerId: ann.id,
        text: 'Rotated text',
        x: 200,
        y: 500,
        w: 160,
        h: 24,
        ...courier,
      },
      { type: 'date', pageNumber: 1, signerId: bob.id, text: '05/06/2026', x: 300, y: 600, w: 119, h: 33 },
      { type: 'checkbox', pageNumber: 9, signerId: bob.id, checked: true, x: 40, y: 40, w: 25, h: 25 },
    ] as const;
    await db()
      .insert(documentFields)
      .values(
        fields.map(({ x, y, w, h, ...field }) =>
          toFieldRow(
            document.id,
            blankField({ ...field, id: crypto.randomUUID(), coordinateX: x, coordinateY: y, width: w, height: h }),
          ),
        ),
      );
    const at = (minute: number) => new Date(Date.UTC(2026, 4, 6, 6, minute));
    await recordActivity(db(), {
      documentId: document.id,
      type: 'send',
      userId: owner.id,
      signerIds: [ann.id, bob.id],
      at: at(0),
    });
    await recordActivity(db(), {
      documentId: document.id,
      type: 'view',
      signerIds: [ann.id],
      sourceIp: '198.51.100.23',
      userAgent: 'AnnBrowser/1.0',
      at: at(10),
    });
    await recordActivity(db(), {
      documentId: document.id,
      type: 'sign',
      signerIds: [ann.id],
      sourceIp: '198.51.100.23',
      userAgent: 'AnnBrowser/1.0',
      details: { consent: 'I agree to use electronic signatures.' },
      at: at(12),
    });
    await recordActivity(db(), {
      documentId: document.id,
      type: 'sign',
      signerIds: [bob.id],
      sourceIp: '203.0.113.77',
      userAgent: 'BobPhone/2.0',
      details: { consent: 'I agree to use electronic signatures.' },
      at: at(20),
    });
    await db().update(documents).set({ status: 'completed', completedAt }).where(eq(documents.id, document.id));

    const sealed: string[] = [];
    const jobs = sealing(async (_queue, documentId) => {
      sealed.push(documentId);
    });
    // Twice at the same moment, then once more: one result, one `complete` activity, one hook call.
    await Promise.all([
      jobs.sealDocument.handler({ documentId: document.id }),
      jobs.sealDocument.handler({ documentId: document.id }),
    ]);
    await jobs.sealDocument.handler({ documentId: document.id });

    const [row] = await db().select().from(documents).where(eq(documents.id, document.id));
    expect(row?.sealedAt).toBeInstanceOf(Date);
    expect(row?.resultPdfFileKey).toMatch(new RegExp(`^documents/${document.id}/sealed/`));
    expect(sealed).toEqual([document.id]);
    const completes = await db()
      .select()
      .from(documentActivities)
      .where(and(eq(documentActivities.documentId, document.id), eq(documentActivities.type, 'complete')));
    expect(completes).toHaveLength(1);
    // The app's own sweep (every 5 minutes) may seal this old completion once more meanwhile: that run loses
    // the conditional update and deletes its copy when it ends (a CI run caught it between the two).
    const sealedDir = join(platform().config.dataDir, 'files', 'documents', document.id, 'sealed');
    await expect.poll(() => readdirSync(sealedDir).length, { timeout: 60_000 }).toBe(1);

    const original = new Uint8Array(await platform().storage.getBuffer(document.pdfFileKey ?? ''));
    const result = new Uint8Array(await platform().storage.getBuffer(row?.resultPdfFileKey ?? ''));
    expect(completes[0]?.details?.sha256).toBe(sha256Hex(result));

    const report = pdfsig(result);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');

    const pageCount = (await PDF.load(result)).getPageCount();
    expect(pageCount).toBeGreaterThan(14);
    const certificate = pdftotext(result, { first: 15 });
    for (const expected of [
      'Lease agreement',
      document.id,
      sha256Hex(original),
      'Ann Example',
      'ann@example.com',
      '198.51.100.23',
      'AnnBrowser/1.0',
      'Bob Пример',
      'bob@example.com',
      '203.0.113.77',
      '2026-05-06 06:00:00 UTC (+00:00)',
      '2026-05-06 06:10:00 UTC (+00:00)',
      '2026-05-06 06:20:00 UTC (+00:00)',
      '2026-05-06 07:08:09 UTC (+00:00)',
      'I agree to use electronic signatures.',
    ]) {
      expect(certificate).toContain(expected);
    }
    // Bob's view was never recorded.
    expect(certificate.match(/Viewed\s+unknown/g)).toHaveLength(1);

    // Each field's ink lands inside its box on its page (the only change on that page).
    for (const field of fields) {
      const changed = changedBox(renderPage(original, field.pageNumber), renderPage(result, field.pageNumber));
      expect(changed, `${field.type} on page ${field.pageNumber}`).not.toBeNull();
      const box = changed as NonNullable<typeof changed>;
      expect(box.x).toBeGreaterThanOrEqual(field.x - 1);
      expect(box.y).toBeGreaterThanOrEqual(field.y - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(field.x + field.w + 1);
      expect(box.y + box.height).toBeLessThanOrEqual(field.y + field.h + 1);
    }
    // The signature picture (3:1) fills its 150 x 50 box exactly.
    const signatureBox = changedBox(renderPage(original, 2), renderPage(result, 2));
    expect(signatureBox?.width).toBeGreaterThanOrEqual(148);
    expect(pdftotext(result, { first: 3, last: 3 })).toContain('Rotated text');
    expect(pdftotext(result, { first: 1, last: 1 })).toContain('05/06/2026');
  });

  it('a seal killed after storing its file and run again ends with one whole result and one complete row', async () => {
    const document = await uploadedDocument('Killed');
    await db()
      .update(documents)
      .set({ status: 'completed', completedAt: platform().now() })
      .where(eq(documents.id, document.id));
    const { storage, jobs, now, config } = platform();
    const dying = sealingJobs({
      db: db(),
      storage: {
        driver: storage.driver,
        get: (key) => storage.get(key),
        getBuffer: (key) => storage.getBuffer(key),
        exists: (key) => storage.exists(key),
        delete: (key) => storage.delete(key),
        deletePrefix: (prefix) => storage.deletePrefix(prefix),
        signedGetUrl: (key, options) => storage.signedGetUrl(key, options),
        signedPutUrl: (key, options) => storage.signedPutUrl(key, options),
        check: () => storage.check(),
        list: () => storage.list(),
        put: async (key, body, type) => {
          await storage.put(key, body, type);
          throw new Error('killed after the file was stored');
        },
      },
      now,
      jobs,
      signingIdentity: { dataDir: config.dataDir },
    });
    await expect(dying.sealDocument.handler({ documentId: document.id })).rejects.toThrow('killed');
    const [before] = await db().select().from(documents).where(eq(documents.id, document.id));
    expect(before?.sealedAt).toBeNull();
    expect(before?.resultPdfFileKey).toBeNull();

    await sealing().sealDocument.handler({ documentId: document.id });
    const [after] = await db().select().from(documents).where(eq(documents.id, document.id));
    const result = new Uint8Array(await storage.getBuffer(after?.resultPdfFileKey ?? ''));
    expect(pdfsig(result)).toContain('Signature Validation: Signature is Valid.');
    const completes = await db()
      .select()
      .from(documentActivities)
      .where(and(eq(documentActivities.documentId, document.id), eq(documentActivities.type, 'complete')));
    expect(completes.map((row) => row.details?.sha256)).toEqual([sha256Hex(result)]);
  });

  it('leaves documents that are not completed alone', async () => {
    const document = await uploadedDocument('Draft');
    await sealing().sealDocument.handler({ documentId: document.id });
    const [row] = await db().select().from(documents).where(eq(documents.id, document.id));
    expect(row?.sealedAt).toBeNull();
    expect(row?.resultPdfFileKey).toBeNull();
  });
});

describe('documents.seal-sweep', { timeout: 120_000 }, () => {
  it('queues the seal of documents completed over 15 minutes ago and still unsealed, and no others', async () => {
    const stuck = await uploadedDocument('Stuck');
    const recent = await uploadedDocument('Recent');
    const now = platform().now().getTime();
    await db()
      .update(documents)
      .set({ status: 'completed', completedAt: new Date(now - 20 * 60 * 1000) })
      .where(eq(documents.id, stuck.id));
    await db()
      .update(documents)
      .set({ status: 'completed', completedAt: new Date(now - 5 * 60 * 1000) })
      .where(eq(documents.id, recent.id));

    await sealing().sweepUnsealed.handler({});

    // The application's own worker runs the queued seal.
    expect((await waitForSealed(test.app, stuck.id)).sealedAt).toBeInstanceOf(Date);
    const [other] = await db().select().from(documents).where(eq(documents.id, recent.id));
    expect(other?.sealedAt).toBeNull();
  });
});
