import { randomUUID } from 'node:crypto';
import { type DocumentActivity, MESSAGES, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentFactory } from '../../../test/document-factory.js';
import { documentActivities, documentFields, events, signers } from '../../platform/db/schema.js';

let t: TestApp;
let factory: ReturnType<typeof documentFactory>;
let owner: { id: string; email: string; headers: Record<string, string> };
let stranger: { id: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  factory = documentFactory(t.app);
  const auth = authClient(t.app);
  const toUser = (user: { id: string; email: string; accessToken: string }) => ({
    id: user.id,
    email: user.email,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  owner = toUser(await auth.loggedInUser());
  stranger = toUser(await auth.loggedInUser());
});
afterAll(async () => {
  await t?.close();
});

const pdf = Buffer.from('%PDF-1.4\n% lease\n%%EOF\n');
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers as Record<string, string>, payload });
const asSigner = (token: string) => ({ [SIGN_ACCESS_TOKEN_HEADER]: token });

async function awaiting(isOrdered = false) {
  const document = await factory.create(owner.id, {
    title: 'Lease',
    status: 'awaiting',
    isOrdered,
    pdf,
    signers: [
      { name: 'Ann', email: uniqueEmail('ann'), order: 1 },
      { name: 'Bob', email: uniqueEmail('bob'), order: 2 },
    ],
  });
  const [ann, bob] = document.signers;
  if (!ann || !bob) throw new Error('no signers');
  return {
    document,
    ann,
    bob,
    annToken: await factory.token(document.id, ann.id),
    bobToken: await factory.token(document.id, bob.id),
  };
}

const declineUrl = (documentId: string, signerId: string) =>
  `/document_sign/documents/${documentId}/signers/${signerId}/decline`;

describe('decline to sign', () => {
  it('refuses a made-up token, another signer, a missing or too long reason', async () => {
    const { document, ann, annToken, bob } = await awaiting();
    const madeUp = await api('POST', declineUrl(document.id, ann.id), asSigner('made-up'), { reason: 'No' });
    expect(madeUp.statusCode).toBe(404);
    const other = await api('POST', declineUrl(document.id, bob.id), asSigner(annToken), { reason: 'No' });
    expect(other.statusCode).toBe(403);
    const empty = await api('POST', declineUrl(document.id, ann.id), asSigner(annToken), { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.reasonRequired);
    const long = await api('POST', declineUrl(document.id, ann.id), asSigner(annToken), { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MESSAGES.reasonTooLong);
    const list = await api('GET', `/documents?status=declined`, owner.headers);
    expect(list.json().totalItems).toBe(0);
  });

  it('declines: every link stops with a page saying why, the sender is mailed the reason, the event carries it', async () => {
    const { document, ann, annToken, bobToken } = await awaiting();
    const reason = 'The rent is wrong: we agreed on 900, not <b>950</b>.';
    const declined = await api('POST', declineUrl(document.id, ann.id), asSigner(annToken), { reason });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ documentStatus: 'declined' });

    // Bob's link is dead, and its page may say the document was declined (and by whose sending).
    const bobOpens = await api('GET', `/document_sign/documents/${document.id}/available_signers`, asSigner(bobToken));
    expect(bobOpens.statusCode).toBe(404);
    const status = await api('GET', `/document_sign/documents/${document.id}/link_status`, asSigner(bobToken));
    expect(status.json()).toEqual({ senderName: expect.any(String), reason: 'declined' });
    const madeUp = await api('GET', `/document_sign/documents/${document.id}/link_status`, asSigner('made-up'));
    expect(madeUp.json()).toEqual({ senderName: null });

    const again = await api('POST', declineUrl(document.id, ann.id), asSigner(annToken), { reason });
    expect(again.statusCode).toBe(404);

    const activities = (await api('GET', `/documents/${document.id}/activities`, owner.headers)).json<
      DocumentActivity[]
    >();
    const row = activities.find((activity) => activity.type === 'decline');
    expect(row).toMatchObject({ reason, signers: [{ id: ann.id }] });

    const mail = await waitForMail(t.app, owner.email, { subject: /Ann declined to sign "Lease"/ });
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect(mail.html).not.toContain('<b>950</b>');

    const { db } = t.app.platform.database;
    const [event] = await db.select().from(events).where(eq(events.documentId, document.id));
    expect(event).toBeDefined();
    const declinedEvents = (await db.select().from(events).where(eq(events.documentId, document.id))).filter(
      (row) => row.type === 'document.declined',
    );
    expect(declinedEvents).toHaveLength(1);
    expect(declinedEvents[0]?.payload).toMatchObject({ document: { status: 'declined' }, message: reason });

    const list = await api('GET', `/documents?status=declined`, owner.headers);
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(document.id);
  });

  it('lets only the signer whose turn it is decline an ordered document', async () => {
    const { document, bob, bobToken } = await awaiting(true);
    const early = await api('POST', declineUrl(document.id, bob.id), asSigner(bobToken), { reason: 'Not yet' });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(MESSAGES.notYourTurn);
  });
});

describe('Edit & Resend of a declined document', () => {
  it('makes a new draft with the signers and without their values; the declined one stays in the record', async () => {
    const { document, ann, annToken, bob } = await awaiting();
    const { db } = t.app.platform.database;
    const box = { pageNumber: 1, coordinateX: 10, coordinateY: 10, width: 100, height: 20 };
    await db.insert(documentFields).values([
      { id: randomUUID(), documentId: document.id, signerId: ann.id, type: 'text', ...box, text: 'Ann wrote this' },
      { id: randomUUID(), documentId: document.id, signerId: bob.id, type: 'text', ...box, text: null },
    ] as (typeof documentFields.$inferInsert)[]);

    const notEnded = await api('POST', `/documents/${document.id}/resend_copy`, owner.headers);
    expect(notEnded.statusCode).toBe(409);

    await api('POST', declineUrl(document.id, ann.id), asSigner(annToken), { reason: 'Wrong rent' });
    const byStranger = await api('POST', `/documents/${document.id}/resend_copy`, stranger.headers);
    expect(byStranger.statusCode).toBe(404);

    const copied = await api('POST', `/documents/${document.id}/resend_copy`, owner.headers);
    expect(copied.statusCode).toBe(200);
    const copy = copied.json<{ id: string; status: string }>();
    expect(copy.status).toBe('draft');
    expect(copy.id).not.toBe(document.id);

    const draft = (await api('GET', `/documents/${copy.id}`, owner.headers)).json();
    expect(draft).toMatchObject({ title: 'Lease', status: 'draft', expiresAt: null });
    expect(draft.signers.map((signer: { name: string }) => signer.name)).toEqual(['Ann', 'Bob']);
    expect(draft.fields.map((field: { text: string | null }) => field.text)).toEqual([null, null]);
    const copySigners = await db.select().from(signers).where(eq(signers.documentId, copy.id));
    expect(copySigners.every((signer) => !signer.isFinished)).toBe(true);

    const [created] = await db.select().from(documentActivities).where(eq(documentActivities.documentId, copy.id));
    expect(created?.details).toMatchObject({
      resentFrom: document.id,
      endedAs: 'declined',
      reason: 'Wrong rent',
    });
    const original = (await api('GET', `/documents/${document.id}`, owner.headers)).json();
    expect(original.status).toBe('declined');
    expect(original.fields.map((field: { text: string | null }) => field.text)).toContain('Ann wrote this');
  });
});
