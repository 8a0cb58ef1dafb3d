import {
  type Document,
  type DocumentField,
  MESSAGES,
  quotaExceededMessage,
  signerHasNoFieldsMessage,
} from '@esign/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient, fieldInput } from '../../../test/documents.js';
import { users } from '../../platform/db/schema.js';

let t: TestApp;
let auth: ReturnType<typeof authClient>;
beforeAll(async () => {
  t = await createTestApp();
  auth = authClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

const field = (signerId: string | null, values: Partial<DocumentField> = {}) => fieldInput({ signerId, ...values });
const preparerText = (signerId: string) =>
  field(signerId, { type: 'text', width: 56.25, height: 18, text: 'Ada', fontSize: 14, fontFamily: 'arial' });

async function newUser() {
  const user = await auth.loggedInUser();
  return { user, docs: documentClient(t.app, user.accessToken) };
}

type Docs = ReturnType<typeof documentClient>;

/** A draft ready to send: signers (the preparer too, for Me & Others) and one field each. */
async function sendable(docs: Docs, options: { type?: string; isOrdered?: boolean; names?: string[] } = {}) {
  const type = options.type ?? 'me_and_other';
  const document = await docs.createReady(type);
  const names = options.names ?? ['Bob', 'Carol'];
  const withSigners = (
    await docs.patch(document.id, {
      title: 'Lease <b>agreement</b>',
      message: 'Please sign <script>x</script>',
      isOrdered: options.isOrdered ?? false,
      signers: names.map((name, index) => ({
        name,
        email: `${name.toLowerCase()}.${document.id}@example.com`,
        order: index + 1,
      })),
    })
  ).json<Document>();
  const fields = withSigners.signers.map((signer) => (signer.isPreparer ? preparerText(signer.id) : field(signer.id)));
  const saved = await docs.patch(document.id, { fields });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return saved.json<Document>();
}

const sendOut = (docs: Docs, documentId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/document_sign/documents/${documentId}/send_out`,
    headers: docs.headers,
  });

/** The jobs queued with this name for this document (pg-boss keeps them in its own table). */
async function queuedJobs(name: string, documentId: string) {
  const result = (await t.app.platform.database.db.execute(
    sql`select data from pgboss.job where name = ${name} and data->>'documentId' = ${documentId}`,
  )) as unknown as { rows: { data: { signerId?: string } }[] };
  return result.rows.map((row) => row.data);
}

async function freeDocumentsUsed(userId: string) {
  const [row] = await t.app.platform.database.db.select().from(users).where(eq(users.id, userId));
  return row?.freeDocumentsUsed;
}

describe('send_out', () => {
  it('sends a draft: awaiting, activity, count, and every signer mailed their own link', async () => {
    const { user, docs } = await newUser();
    const document = await sendable(docs);
    const response = await sendOut(docs, document.id);
    expect(response.statusCode).toBe(200);
    const sent = response.json<Document>();
    expect(sent.status).toBe('awaiting');
    expect(sent.signers.find((s) => s.isPreparer)?.isFinished).toBe(true);
    expect(await freeDocumentsUsed(user.id)).toBe(1);

    const others = sent.signers.filter((s) => !s.isPreparer);
    const jobs = await queuedJobs('signing.signer-invitation-mail', document.id);
    expect(jobs.map((job) => job.signerId).sort()).toEqual(others.map((s) => s.id).sort());

    const bob = others[0];
    if (!bob) throw new Error('no signer');
    const mail = await waitForMail(t.app, bob.email);
    expect(mail.subject).toBe('Ada Lovelace sent you "Lease <b>agreement</b>" to sign');
    expect(mail.html).toContain('Please sign &lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    const token = linkParam(mail, 'signAccessToken');
    expect(mail.text).toContain(`http://localhost:3000/documents/${document.id}/sign?signAccessToken=${token}`);

    const detail = await docs.get(document.id);
    for (const body of [response.body, detail.body]) expect(body).not.toContain(token);

    const { listActivities } = await import('../../data/activity.js');
    const activities = await listActivities(t.app.platform.database.db, document.id);
    // The preparer's sign and the send are recorded at the same instant: their order is not part of the contract.
    expect(activities.map((a) => a.type).sort()).toEqual(['create', 'send', 'sign', 'update', 'view']);
    const send = activities.find((a) => a.type === 'send');
    expect(send?.signers.map((s) => s.id).sort()).toEqual(others.map((s) => s.id).sort());
    expect(JSON.stringify(activities)).not.toContain(token);
  });

  it("records the sender's browser, address, times and consent, so the certificate shows no 'unknown'", async () => {
    // Cause: the send-out recorded the sender's own `sign` with the address only (no user agent, no consent) and
    // no `view`, and the `send` names only the signers mailed, so the certificate printed 'unknown' four times.
    const { docs } = await newUser();
    const document = await sendable(docs);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/document_sign/documents/${document.id}/send_out`,
      headers: { ...docs.headers, 'user-agent': 'SenderBrowser/1.0' },
    });
    expect(response.statusCode).toBe(200);
    const { listActivityRows } = await import('../../data/activity.js');
    const { certificateSigners } = await import('../sealing/evidence.js');
    const rows = await listActivityRows(t.app.platform.database.db, document.id);
    const [sender] = certificateSigners(document.signers, rows);
    expect(sender).toMatchObject({ name: 'Ada Lovelace', ipAddress: '127.0.0.1', userAgent: 'SenderBrowser/1.0' });
    expect(sender?.sentAt).toBeInstanceOf(Date);
    expect(sender?.viewedAt).toBeInstanceOf(Date);
    expect(sender?.signedAt).toBeInstanceOf(Date);
    expect(sender?.consent).toContain('Signed by the sender');
  });

  it('mails only the first signer of an ordered document', async () => {
    const { docs } = await newUser();
    const document = await sendable(docs, { type: 'others', isOrdered: true, names: ['Bob', 'Carol', 'Dan'] });
    expect((await sendOut(docs, document.id)).statusCode).toBe(200);
    const first = document.signers.find((s) => s.order === 1);
    const jobs = await queuedJobs('signing.signer-invitation-mail', document.id);
    expect(jobs.map((job) => job.signerId)).toEqual([first?.id]);
  });

  it('sends once when sent twice at the same time', async () => {
    const { user, docs } = await newUser();
    const document = await sendable(docs, { type: 'others', names: ['Bob'] });
    const answers = await Promise.all([sendOut(docs, document.id), sendOut(docs, document.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await queuedJobs('signing.signer-invitation-mail', document.id)).toHaveLength(1);
    expect(await freeDocumentsUsed(user.id)).toBe(1);
  });

  it('answers 422 with every failing check', async () => {
    const { docs } = await newUser();
    const empty = await docs.create('me_and_other');
    const response = await sendOut(docs, empty.id);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    const messages = [
      MESSAGES.documentNeedsFile,
      MESSAGES.onlySignerWarning,
      MESSAGES.documentNeedsField,
      MESSAGES.currentUserNotSigner,
    ];
    expect(body).toMatchObject({ code: 'SENDING_CHECKS_FAILED', message: messages[0] });
    expect(body.errors).toEqual(
      messages.map((message) => ({ property: 'document', constraints: { sendingCheck: message }, children: [] })),
    );

    const document = await docs.createReady('me_and_other');
    const withSigners = (
      await docs.patch(document.id, { signers: [{ name: 'Bob', email: 'bob@example.com', order: 1 }] })
    ).json<Document>();
    const preparer = withSigners.signers.find((s) => s.isPreparer);
    const bob = withSigners.signers.find((s) => !s.isPreparer);
    await docs.patch(document.id, {
      fields: [field(preparer?.id ?? null, { type: 'text', width: 56.25, height: 18 }), field(null)],
    });
    const unsigned = (await sendOut(docs, document.id)).json();
    expect(unsigned.errors.map((e: { constraints: { sendingCheck: string } }) => e.constraints.sendingCheck)).toEqual([
      MESSAGES.fieldsWithoutSigner,
      MESSAGES.preparerFieldsUnsigned,
      signerHasNoFieldsMessage({ name: 'Bob', email: bob?.email ?? '' }),
    ]);
    expect((await docs.get(document.id)).json<Document>().status).toBe('draft');
  });

  it('refuses a document whose files are still converting', async () => {
    const { docs } = await newUser();
    const document = await sendable(docs, { type: 'others', names: ['Bob'] });
    const { documents } = await import('../../platform/db/schema.js');
    await t.app.platform.database.db.update(documents).set({ pdfFileKey: null }).where(eq(documents.id, document.id));
    const response = await sendOut(docs, document.id);
    expect(response.statusCode).toBe(422);
    expect(
      response.json().errors.map((e: { constraints: { sendingCheck: string } }) => e.constraints.sendingCheck),
    ).toEqual([MESSAGES.documentStillProcessing, MESSAGES.documentNeedsFile]);
  });

  it('answers 403 QUOTA_EXCEEDED on the free plan after 3 documents this month', async () => {
    const { user, docs } = await newUser();
    const document = await sendable(docs, { type: 'others', names: ['Bob'] });
    await t.app.platform.database.db.update(users).set({ freeDocumentsUsed: 3 }).where(eq(users.id, user.id));
    const response = await sendOut(docs, document.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: quotaExceededMessage(3) });
    expect((await docs.get(document.id)).json<Document>().status).toBe('draft');
    expect(await queuedJobs('signing.signer-invitation-mail', document.id)).toHaveLength(0);
  });

  it('answers 404 to another user and 409 to a document already sent', async () => {
    const { docs } = await newUser();
    const { docs: stranger } = await newUser();
    const document = await sendable(docs, { type: 'others', names: ['Bob'] });
    expect((await sendOut(stranger, document.id)).statusCode).toBe(404);
    expect((await sendOut(docs, document.id)).statusCode).toBe(200);
    const again = await sendOut(docs, document.id);
    expect(again.statusCode).toBe(409);
    expect((await docs.patch(document.id, { title: 'Changed' })).statusCode).toBe(409);
  });

  it('completes an Only Me document at once and queues its seal', async () => {
    const { user, docs } = await newUser();
    const document = await sendable(docs, { type: 'me', names: [] });
    const response = await sendOut(docs, document.id);
    expect(response.statusCode).toBe(200);
    const completed = response.json<Document>();
    expect(completed.status).toBe('completed');
    expect(completed.signers).toEqual([expect.objectContaining({ isPreparer: true, isFinished: true })]);
    expect(await queuedJobs('documents.seal', document.id)).toHaveLength(1);
    expect(await queuedJobs('signing.signer-invitation-mail', document.id)).toHaveLength(0);
    expect(await freeDocumentsUsed(user.id)).toBe(1);
  });
});
