import { randomUUID } from 'node:crypto';
import { createClient, EsignApiError } from '@esign/client';
import { type DocumentActivity, expiryDateOf, MESSAGES, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyClient, injectFetch } from '../../../test/api-keys.js';
import { createTestApp, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentFactory } from '../../../test/document-factory.js';
import { recordActivity } from '../../data/activity.js';
import { documentFields, documents, events } from '../../platform/db/schema.js';
import { signerMailJobs } from '../sending/invitation.mails.js';
import { lifecycleMailJobs } from '../sending/lifecycle.mails.js';
import { expiryJobs } from './expiry.jobs.js';

let t: TestApp;
let factory: ReturnType<typeof documentFactory>;
let owner: { id: string; email: string; accessToken: string; headers: Record<string, string> };
let stranger: { id: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  factory = documentFactory(t.app);
  const auth = authClient(t.app);
  const toUser = (user: { id: string; email: string; accessToken: string }) => ({
    ...user,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  owner = toUser(await auth.loggedInUser());
  stranger = toUser(await auth.loggedInUser());
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const pdf = Buffer.from('%PDF-1.4\n% lease\n%%EOF\n');
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers as Record<string, string>, payload });
const asSigner = (token: string) => ({ [SIGN_ACCESS_TOKEN_HEADER]: token });
const dateIn = (days: number) => expiryDateOf(new Date(Date.now() + days * DAY));

/** An awaiting document whose first signer was invited (a `send` naming them) and whose second was not yet. */
async function awaiting(values: { isOrdered?: boolean; expiresAt?: Date; remindersDisabled?: boolean } = {}) {
  const document = await factory.create(owner.id, {
    title: 'Lease',
    status: 'awaiting',
    isOrdered: values.isOrdered ?? true,
    remindersDisabled: values.remindersDisabled ?? false,
    expiresAt: values.expiresAt ?? null,
    pdf,
    signers: [
      { name: 'Ann', email: uniqueEmail('ann'), order: 1 },
      { name: 'Bob', email: uniqueEmail('bob'), order: 2 },
    ],
  });
  const [ann, bob] = document.signers;
  if (!ann || !bob) throw new Error('no signers');
  const { db } = t.app.platform.database;
  await recordActivity(db, { documentId: document.id, type: 'send', userId: owner.id, signerIds: [ann.id] });
  return { document, ann, bob, annToken: await factory.token(document.id, ann.id) };
}

/** The sweep as its schedule runs it, with the clock at `now`. */
function sweepAt(now: Date) {
  const { db } = t.app.platform.database;
  const { jobs, mailer } = t.app.platform;
  const appUrl = t.app.platform.config.appUrl;
  return expiryJobs({
    db,
    jobs,
    mails: lifecycleMailJobs({ db, mailer, appUrl }),
    signerMails: signerMailJobs({ db, mailer, appUrl }),
    now: () => now,
  });
}

const statusOf = async (documentId: string) => (await api('GET', `/documents/${documentId}`, owner.headers)).json();

describe('void', () => {
  it('refuses a stranger (404), a missing reason (400) and a document that is not awaiting (409)', async () => {
    const { document } = await awaiting();
    expect((await api('POST', `/documents/${document.id}/void`, stranger.headers, { reason: 'x' })).statusCode).toBe(
      404,
    );
    const missing = await api('POST', `/documents/${document.id}/void`, owner.headers, { reason: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.reasonRequired);
    const draft = await factory.create(owner.id, { status: 'draft' });
    const notSent = await api('POST', `/documents/${draft.id}/void`, owner.headers, { reason: 'Withdrawn' });
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json().message).toBe(MESSAGES.actionNeedsAwaiting);
    expect((await statusOf(document.id)).status).toBe('awaiting');
  });

  it('voids: every link dead with its reason, invited signers mailed, filled values kept, never sealed', async () => {
    const { document, ann, bob, annToken } = await awaiting();
    const { db } = t.app.platform.database;
    const box = { pageNumber: 1, coordinateX: 10, coordinateY: 10, width: 100, height: 20 };
    await db
      .insert(documentFields)
      .values({ id: randomUUID(), documentId: document.id, signerId: ann.id, type: 'text', ...box, text: 'Filled' });

    const voided = await api('POST', `/documents/${document.id}/void`, owner.headers, { reason: 'Wrong tenant' });
    expect(voided.json()).toEqual({ id: document.id, status: 'voided', expiresAt: null });

    const opens = await api('GET', `/document_sign/documents/${document.id}/signers`, asSigner(annToken));
    expect(opens.statusCode).toBe(404);
    const status = await api('GET', `/document_sign/documents/${document.id}/link_status`, asSigner(annToken));
    expect(status.json()).toMatchObject({ reason: 'voided' });

    const mail = await waitForMail(t.app, ann.email, { subject: /"Lease" was withdrawn/ });
    expect(mail.text).toContain('Reason given: Wrong tenant');
    const again = await api('POST', `/documents/${document.id}/void`, owner.headers, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);

    const row = await statusOf(document.id);
    expect(row).toMatchObject({ status: 'voided', resultPdfFileKey: null });
    expect(row.fields[0].text).toBe('Filled');
    const activities = (await api('GET', `/documents/${document.id}/activities`, owner.headers)).json<
      DocumentActivity[]
    >();
    expect(activities.at(-1)).toMatchObject({ type: 'void', reason: 'Wrong tenant' });
    const types = (await db.select().from(events).where(eq(events.documentId, document.id))).map((e) => e.type);
    expect(types).toContain('document.voided');
    // Bob was never invited: the mail went only to Ann (hers was the one queued with his, so his would be there).
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/mail',
      headers: { authorization: `Bearer ${t.app.platform.config.devMailToken}` },
    });
    expect(outbox.json<{ to: string }[]>().filter((sent) => sent.to === bob.email)).toEqual([]);
    const list = await api('GET', '/documents?status=voided', owner.headers);
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([document.id]);
  });
});

describe('expiry', () => {
  it('sets a date on a draft, refuses a date in the past or of a completed document, and a stranger', async () => {
    const draft = await factory.create(owner.id, { status: 'draft' });
    const date = dateIn(10);
    const set = await api('PATCH', `/documents/${draft.id}/expiry`, owner.headers, { expiresAt: date });
    expect(set.json()).toEqual({ id: draft.id, status: 'draft', expiresAt: `${date}T23:59:59.999Z` });
    expect((await statusOf(draft.id)).expiresAt).toBe(`${date}T23:59:59.999Z`);
    const past = await api('PATCH', `/documents/${draft.id}/expiry`, owner.headers, { expiresAt: dateIn(-2) });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(MESSAGES.expiryDateInvalid);
    const tooFar = await api('PATCH', `/documents/${draft.id}/expiry`, owner.headers, { expiresAt: dateIn(400) });
    expect(tooFar.statusCode).toBe(400);
    const completed = await factory.create(owner.id, { status: 'completed' });
    const late = await api('PATCH', `/documents/${completed.id}/expiry`, owner.headers, { expiresAt: date });
    expect(late.statusCode).toBe(409);
    const byStranger = await api('PATCH', `/documents/${draft.id}/expiry`, stranger.headers, { expiresAt: date });
    expect(byStranger.statusCode).toBe(404);
  });

  it('reminds the signer whose turn it is 3 and 1 days before, once each, and not with reminders off', async () => {
    const expiresAt = new Date(Date.now() + 10 * DAY);
    const { document, ann } = await awaiting({ expiresAt });
    const quiet = await awaiting({ expiresAt, remindersDisabled: true });
    const fourDaysBefore = sweepAt(new Date(expiresAt.getTime() - 4 * DAY));
    expect(await fourDaysBefore.remindDue()).toBe(0);
    const threeDaysBefore = sweepAt(new Date(expiresAt.getTime() - 2.5 * DAY));
    expect(await threeDaysBefore.remindDue()).toBe(1);
    expect(await threeDaysBefore.remindDue()).toBe(0);
    const mail = await waitForMail(t.app, ann.email, { subject: /can be signed until/ });
    expect(mail.subject).toBe(`Reminder: "Lease" can be signed until ${expiryDateOf(expiresAt)}`);
    expect(await sweepAt(new Date(expiresAt.getTime() - 0.5 * DAY)).remindDue()).toBe(1);
    const { db } = t.app.platform.database;
    const [row] = await db.select().from(documents).where(eq(documents.id, document.id));
    expect(row?.expiryRemindedDays).toBe(1);
    const [quietRow] = await db.select().from(documents).where(eq(documents.id, quiet.document.id));
    expect(quietRow?.expiryRemindedDays).toBeNull();
  });

  it('expires at the date (links refuse and say so, the sender is mailed), and an extension reopens the same links', async () => {
    const expiresAt = new Date(Date.now() + 2 * DAY);
    const { document, annToken } = await awaiting({ expiresAt });
    const later = await awaiting({ expiresAt: new Date(Date.now() + 20 * DAY) });
    const sweep = sweepAt(new Date(expiresAt.getTime() + 1000));
    expect(await sweep.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await statusOf(document.id)).status).toBe('expired');
    expect((await statusOf(later.document.id)).status).toBe('awaiting');

    const opens = await api('GET', `/document_sign/documents/${document.id}/signers`, asSigner(annToken));
    expect(opens.statusCode).toBe(404);
    const status = await api('GET', `/document_sign/documents/${document.id}/link_status`, asSigner(annToken));
    expect(status.json()).toMatchObject({ reason: 'expired' });
    await waitForMail(t.app, owner.email, { subject: /"Lease" has expired/ });
    const list = await api('GET', '/documents?status=expired', owner.headers);
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(document.id);

    const cleared = await api('PATCH', `/documents/${document.id}/expiry`, owner.headers, { expiresAt: null });
    expect(cleared.statusCode).toBe(400);
    const date = dateIn(7);
    const extended = await api('PATCH', `/documents/${document.id}/expiry`, owner.headers, { expiresAt: date });
    expect(extended.json()).toEqual({ id: document.id, status: 'awaiting', expiresAt: `${date}T23:59:59.999Z` });
    const reopened = await api('GET', `/document_sign/documents/${document.id}/signers`, asSigner(annToken));
    expect(reopened.statusCode).toBe(200);
    const activities = (await api('GET', `/documents/${document.id}/activities`, owner.headers)).json<
      DocumentActivity[]
    >();
    // The sweep ran with a clock days ahead, so its row sorts after the extension here.
    expect(activities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'expire' }),
        expect.objectContaining({ type: 'extend', expiresAt: date }),
      ]),
    );
    const { db } = t.app.platform.database;
    const types = (await db.select().from(events).where(eq(events.documentId, document.id))).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['document.expired', 'document.expiry_extended']));
  });
});

describe('the public API and its typed client', () => {
  it('voids and extends through an API key; another account’s document answers 404', async () => {
    const { key } = await apiKeyClient(t.app, owner.accessToken).newKey();
    const client = createClient({ baseUrl: 'http://localhost', apiKey: key, fetch: injectFetch(t.app) });
    const { document } = await awaiting();
    const date = dateIn(5);
    expect(await client.setDocumentExpiry(document.id, { expiresAt: date })).toEqual({
      id: document.id,
      status: 'awaiting',
      expiresAt: `${date}T23:59:59.999Z`,
    });
    expect(await client.voidDocument(document.id, { reason: 'Sent by mistake' })).toMatchObject({ status: 'voided' });
    const signers = await client.documentSigners(document.id);
    expect(signers.status).toBe('voided');

    const theirs = await factory.create(stranger.id, { status: 'awaiting' });
    const refused = await client.voidDocument(theirs.id, { reason: 'Not mine' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EsignApiError);
    expect((refused as EsignApiError).status).toBe(404);
    const list = await client.documents({ status: ['voided'] });
    expect(list.items.map((item) => item.id)).toContain(document.id);
    expect(list.items.every((item) => item.status === 'voided')).toBe(true);
  });
});
