import {
  type ActivateTemplateResponse,
  type BulkSendBatch,
  type Document,
  MESSAGES,
  quotaExceededMessage,
} from '@esign/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusFile, fieldInput } from '../../../test/documents.js';
import { setPlan, templateClient } from '../../../test/templates.js';
import * as repo from '../../data/bulk-send.js';
import { documents, users } from '../../platform/db/schema.js';
import { bulkSendJobs } from './bulk-send.jobs.js';

let t: TestApp;
let newUser: () => Promise<{ id: string; accessToken: string; client: ReturnType<typeof templateClient> }>;
beforeAll(async () => {
  t = await createTestApp();
  const auth = authClient(t.app);
  newUser = async () => {
    const user = await auth.loggedInUser();
    await setPlan(t.app, user.id, 'business');
    return { id: user.id, accessToken: user.accessToken, client: templateClient(t.app, user.accessToken) };
  };
});
afterAll(async () => {
  await t?.close();
});

const bulkSend = (accessToken: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/document_sign/bulk_send',
    headers: { authorization: `Bearer ${accessToken}` },
    payload,
  });
const retry = (accessToken: string, batchId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/document_sign/bulk_send/${batchId}/retry`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
const batchStatus = (accessToken: string, batchId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/document_sign/bulk_send/${batchId}`,
    headers: { authorization: `Bearer ${accessToken}` },
  });

/** Polls the batch until no row is queued. */
async function finishedBatch(accessToken: string, batchId: string): Promise<BulkSendBatch> {
  return vi.waitFor(
    async () => {
      const batch = (await batchStatus(accessToken, batchId)).json<BulkSendBatch>();
      if (batch.rows.some((row) => row.status === 'queued')) throw new Error(`batch ${batchId} still has queued rows`);
      return batch;
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** Waits until every bulk-send job queued has run (pg-boss's own table: no job of the name waiting or running). */
async function untilNoBulkSendJobLeft(): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = (await t.app.platform.database.db.execute(
        sql`select count(*)::integer as left from pgboss.job
            where name = 'bulk-send.send-batch' and state in ('created', 'retry', 'active')`,
      )) as unknown as { rows: { left: number }[] };
      if (rows[0]?.left !== 0) throw new Error('bulk-send jobs still waiting');
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** A live template with one role 'Client': a signature and an optional text field labelled 'Company'. */
async function oneSignerTemplate(client: ReturnType<typeof templateClient>) {
  const template = await client.ok<Document>(client.create({ title: 'Offer', roles: [{ role: 'Client' }] }));
  await client.docs.uploadOk(template.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
  await client.docs.waitUntilFinished(template.id);
  const signerId = template.signers[0]?.id ?? null;
  const fields = [
    fieldInput({ signerId }),
    fieldInput({ signerId, type: 'text', placeholder: 'Company', required: false, coordinateY: 80 }),
  ];
  await client.ok<Document>(client.patch(template.id, { fields }));
  const activated = await client.ok<ActivateTemplateResponse>(client.activate(template.id));
  expect(activated.errors).toEqual([]);
  return activated.template;
}

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ name: `Signer ${index + 1}`, email: uniqueEmail('bulk') }));

describe('POST document_sign/bulk_send', () => {
  it('answers at once with every row queued, then sends each row its own document and invitation', async () => {
    const owner = await newUser();
    const template = await oneSignerTemplate(owner.client);
    const rows = rowsOf(20).map((row, index) => (index === 0 ? { ...row, prefill: { company: 'Acme Ltd' } } : row));
    const response = await bulkSend(owner.accessToken, { templateId: template.id, rows });
    expect(response.statusCode).toBe(200);
    const created = response.json<{ message: string; batch: BulkSendBatch }>();
    expect(created.message).toBe(MESSAGES.bulkSendCreated);
    expect(created.batch.rows).toHaveLength(20);
    expect(created.batch.rows[0]).toMatchObject({ row: 2, name: 'Signer 1', status: 'queued', documentId: null });

    const batch = await finishedBatch(owner.accessToken, created.batch.id);
    expect(batch.rows.map((row) => row.status)).toEqual(Array(20).fill('sent'));
    for (const row of batch.rows) {
      const mail = await waitForMail(t.app, row.email);
      expect(mail.subject).toContain('Offer');
    }

    const first = batch.rows[0]?.documentId;
    if (!first) throw new Error('no document');
    const document = (await owner.client.docs.get(first)).json<Document>();
    expect(document).toMatchObject({ status: 'awaiting', type: 'others', templateId: template.id });
    expect(document.signers.map((signer) => signer.email)).toEqual([rows[0]?.email]);
    expect(document.fields.find((field) => field.type === 'text')?.text).toBe('Acme Ltd');
    const second = (await owner.client.docs.get(batch.rows[1]?.documentId ?? '')).json<Document>();
    expect(second.fields.find((field) => field.type === 'text')?.text).toBeNull();
  });

  it('refuses bad rows, each as Row N: message, and sends nothing', async () => {
    const owner = await newUser();
    const template = await oneSignerTemplate(owner.client);
    const rows = [
      { name: 'Ann Lee', email: 'ann@example.com' },
      { name: 'Bob Stone', email: '' },
      { name: '=HYPERLINK("x")', email: 'eve@example.com' },
    ];
    const response = await bulkSend(owner.accessToken, { templateId: template.id, rows });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe(`Row 3: ${MESSAGES.signerNoEmail}`);
    expect(response.body).toContain(`Row 4: ${MESSAGES.signerNameFormula}`);

    const tooMany = await bulkSend(owner.accessToken, { templateId: template.id, rows: rowsOf(101) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toBe('Maximum number of rows is 101');
    const none = await bulkSend(owner.accessToken, { templateId: template.id, rows: [] });
    expect(none.statusCode).toBe(400);
  });

  it('fails only the rows over the free plan quota; the others go out', async () => {
    const owner = await newUser();
    const template = await oneSignerTemplate(owner.client);
    // The template was made on the business plan; on the free plan one of the month's 3 documents is used.
    const db = t.app.platform.database.db;
    await setPlan(t.app, owner.id, 'free');
    await db.update(users).set({ freeDocumentsUsed: 1 }).where(eq(users.id, owner.id));

    const response = await bulkSend(owner.accessToken, { templateId: template.id, rows: rowsOf(4) });
    expect(response.statusCode).toBe(200);
    const batch = await finishedBatch(owner.accessToken, response.json<{ batch: BulkSendBatch }>().batch.id);
    expect(batch.rows.map((row) => [row.row, row.status, row.error])).toEqual([
      [2, 'sent', null],
      [3, 'sent', null],
      [4, 'failed', quotaExceededMessage(3)],
      [5, 'failed', quotaExceededMessage(3)],
    ]);
    expect(batch.rows.filter((row) => row.documentId).length).toBe(2);
    // A failed row leaves no draft behind.
    const made = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.userId, owner.id), eq(documents.type, 'others')));
    expect(made).toHaveLength(2);
  });

  it('refuses a template with two roles, a draft template and a request without a session', async () => {
    const owner = await newUser();
    const template = await owner.client.live(['Client', 'Manager']);
    const response = await bulkSend(owner.accessToken, { templateId: template.id, rows: rowsOf(1) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(MESSAGES.bulkSendOneSigner);

    const draft = await owner.client.readyDraft(['Client']);
    const notLive = await bulkSend(owner.accessToken, { templateId: draft.id, rows: rowsOf(1) });
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json<{ message: string }>().message).toBe(MESSAGES.templateNotLive);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/document_sign/bulk_send',
      payload: { templateId: template.id, rows: rowsOf(1) },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for another account's template and batch", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const template = await oneSignerTemplate(owner.client);
    const refused = await bulkSend(stranger.accessToken, { templateId: template.id, rows: rowsOf(1) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.templateNotFound);

    const response = await bulkSend(owner.accessToken, {
      templateId: template.id,
      title: ' Your offer ',
      rows: rowsOf(1),
    });
    const batchId = response.json<{ batch: BulkSendBatch }>().batch.id;
    const hidden = await batchStatus(stranger.accessToken, batchId);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<{ message: string }>().message).toBe(MESSAGES.bulkSendBatchNotFound);
    expect((await batchStatus(owner.accessToken, batchId)).statusCode).toBe(200);
    const [row] = (await finishedBatch(owner.accessToken, batchId)).rows;
    const sent = (await owner.client.docs.get(row?.documentId ?? '')).json<Document>();
    expect(sent.title).toBe('Your offer');
  });

  it('sends only the rows still queued, and a run again makes nothing more', async () => {
    const owner = await newUser();
    const template = await oneSignerTemplate(owner.client);
    const db = t.app.platform.database.db;
    const batch = await repo.insertBatch(db, { userId: owner.id, templateId: template.id, title: null });
    await repo.insertRows(db, {
      batchId: batch.id,
      rows: [
        { row: 2, name: 'Ann Lee', email: uniqueEmail('ann'), prefill: {} },
        { row: 3, name: 'Bob Stone', email: uniqueEmail('bob'), prefill: {} },
        { row: 4, name: 'Carol King', email: uniqueEmail('carol'), prefill: {} },
      ],
    });
    await repo.finishRows(db, batch.id, [{ row: 3, status: 'failed', error: 'earlier run' }]);

    // The queue runs the job by its name: the definition here only names it and checks the payload.
    const unused = {} as Parameters<typeof bulkSendJobs>[0];
    await t.app.platform.jobs.send(bulkSendJobs(unused).sendBatch, { batchId: batch.id });
    const finished = await finishedBatch(owner.accessToken, batch.id);
    expect(finished.rows.map((row) => [row.status, row.error])).toEqual([
      ['sent', null],
      ['failed', 'earlier run'],
      ['sent', null],
    ]);
    const sent = finished.rows.flatMap((row) => (row.documentId ? [row.documentId] : []));
    for (const id of sent) expect((await owner.client.docs.get(id)).json<Document>().status).toBe('awaiting');

    await t.app.platform.jobs.send(bulkSendJobs(unused).sendBatch, { batchId: batch.id });
    await untilNoBulkSendJobLeft();
    expect(await finishedBatch(owner.accessToken, batch.id)).toEqual(finished);
    const made = await db.select({ id: documents.id }).from(documents).where(eq(documents.userId, owner.id));
    expect(made.map((row) => row.id).sort()).toEqual([template.id, ...sent].sort());
  });
});

describe('POST document_sign/bulk_send/{batchId}/retry', () => {
  it('sends the failed rows again after an upgrade, in the same batch, and leaves the sent rows alone', async () => {
    const owner = await newUser();
    const template = await oneSignerTemplate(owner.client);
    const db = t.app.platform.database.db;
    await setPlan(t.app, owner.id, 'free');
    await db.update(users).set({ freeDocumentsUsed: 2 }).where(eq(users.id, owner.id));
    const response = await bulkSend(owner.accessToken, { templateId: template.id, rows: rowsOf(3) });
    const batchId = response.json<{ batch: BulkSendBatch }>().batch.id;
    const first = await finishedBatch(owner.accessToken, batchId);
    expect(first.rows.map((row) => row.status)).toEqual(['sent', 'failed', 'failed']);
    const sentDocument = first.rows[0]?.documentId;

    // Still over the quota: the rows fail again with the same reason.
    expect((await retry(owner.accessToken, batchId)).statusCode).toBe(200);
    const again = await finishedBatch(owner.accessToken, batchId);
    expect(again.rows.map((row) => [row.status, row.error])).toEqual([
      ['sent', null],
      ['failed', quotaExceededMessage(3)],
      ['failed', quotaExceededMessage(3)],
    ]);

    await setPlan(t.app, owner.id, 'business');
    const retried = await retry(owner.accessToken, batchId);
    expect(retried.statusCode).toBe(200);
    const answer = retried.json<{ message: string; batch: BulkSendBatch }>();
    expect(answer.message).toBe(MESSAGES.bulkSendCreated);
    expect(answer.batch.rows.map((row) => [row.row, row.status, row.error])).toEqual([
      [2, 'sent', null],
      [3, 'queued', null],
      [4, 'queued', null],
    ]);
    const finished = await finishedBatch(owner.accessToken, batchId);
    expect(finished.rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    expect(finished.rows[0]?.documentId).toBe(sentDocument);
    for (const row of finished.rows.slice(1)) await waitForMail(t.app, row.email);
    const made = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.userId, owner.id), eq(documents.type, 'others')));
    expect(made).toHaveLength(3);

    // Nothing failed any more.
    const nothing = await retry(owner.accessToken, batchId);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json<{ message: string }>().message).toBe(MESSAGES.bulkSendNoFailedRows);
  });

  it('refuses while a row is still queued, for another account (404) and without a session (401)', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const template = await oneSignerTemplate(owner.client);
    const db = t.app.platform.database.db;
    // A batch whose job has not run yet: its rows are queued.
    const batch = await repo.insertBatch(db, { userId: owner.id, templateId: template.id, title: null });
    await repo.insertRows(db, {
      batchId: batch.id,
      rows: [
        { row: 2, name: 'Ann Lee', email: uniqueEmail('ann'), prefill: {} },
        { row: 3, name: 'Bob Stone', email: uniqueEmail('bob'), prefill: {} },
      ],
    });
    await repo.finishRows(db, batch.id, [{ row: 3, status: 'failed', error: 'earlier run' }]);
    const busy = await retry(owner.accessToken, batch.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ message: string }>().message).toBe(MESSAGES.bulkSendStillSending);

    const hidden = await retry(stranger.accessToken, batch.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<{ message: string }>().message).toBe(MESSAGES.bulkSendBatchNotFound);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/v1/document_sign/bulk_send/${batch.id}/retry` });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await retry(owner.accessToken, 'not-a-batch');
    expect(malformed.statusCode).toBe(400);
    expect((await batchStatus(owner.accessToken, batch.id)).json<BulkSendBatch>().rows[1]?.error).toBe('earlier run');
  });
});

describe('bulk send with an identity check (issue 38)', () => {
  it("gives each row's signer the number of the phone column; a role checked by SMS without one is not sent", async () => {
    const owner = await newUser();
    const created = await owner.client.ok<Document>(
      owner.client.create({ title: 'Offer', roles: [{ role: 'Client', verification: 'sms' }] }),
    );
    expect(created.signers[0]?.verification).toBe('sms');
    await owner.client.docs.uploadOk(created.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
    await owner.client.docs.waitUntilFinished(created.id);
    await owner.client.ok<Document>(
      owner.client.patch(created.id, { fields: [fieldInput({ signerId: created.signers[0]?.id ?? null })] }),
    );
    const template = (await owner.client.ok<ActivateTemplateResponse>(owner.client.activate(created.id))).template;
    const invalid = await bulkSend(owner.accessToken, {
      templateId: template.id,
      rows: [{ name: 'Jane', email: uniqueEmail('bulk'), phone: '0612' }],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(MESSAGES.verificationPhoneInvalid);
    const rows = [
      { name: 'Jane', email: uniqueEmail('bulk'), phone: '+33 6 12 34 56 12' },
      { name: 'Bob', email: uniqueEmail('bulk') },
    ];
    const response = await bulkSend(owner.accessToken, { templateId: template.id, rows });
    expect(response.statusCode, response.body).toBe(200);
    const batch = await finishedBatch(owner.accessToken, response.json<{ batch: BulkSendBatch }>().batch.id);
    expect(batch.rows.map((row) => row.status)).toEqual(['sent', 'failed']);
    const janeDocument = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${batch.rows[0]?.documentId}`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(janeDocument.json<Document>().signers.find((signer) => !signer.isPreparer)).toMatchObject({
      verification: 'sms',
      phone: '+33612345612',
    });
  });
});
