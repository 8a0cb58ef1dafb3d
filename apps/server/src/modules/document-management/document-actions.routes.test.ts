import { type DocumentActivity, MESSAGES } from '@esign/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentFactory } from '../../../test/document-factory.js';
import { findSigningSession } from '../../data/signing-tokens.js';

let t: TestApp;
let factory: ReturnType<typeof documentFactory>;
let owner: { id: string; headers: Record<string, string> };
let stranger: { id: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  factory = documentFactory(t.app);
  const auth = authClient(t.app);
  const toUser = (user: { id: string; accessToken: string }) => ({
    id: user.id,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  owner = toUser(await auth.loggedInUser());
  stranger = toUser(await auth.loggedInUser());
});
afterAll(async () => {
  await t?.close();
});

const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`);
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers as Record<string, string>, payload });

function awaiting(isOrdered = false) {
  return factory.create(owner.id, {
    title: 'Lease',
    status: 'awaiting',
    isOrdered,
    pdf: pdf('original'),
    signers: [
      { name: 'Ann', email: uniqueEmail('ann'), order: 1 },
      { name: 'Bob', email: uniqueEmail('bob'), order: 2 },
    ],
  });
}

describe('document actions: another user gets 404 for each', () => {
  it('refuses every action on a document that is not theirs', async () => {
    const document = await awaiting();
    const completed = await factory.create(owner.id, { status: 'completed', result: pdf('result') });
    const signerId = document.signers[0]?.id ?? '';
    const calls = [
      api('GET', `/documents/${document.id}/activities`, stranger.headers),
      api('PATCH', `/documents/${document.id}/revert`, stranger.headers),
      api('POST', `/document_sign/documents/${document.id}/send_reminders`, stranger.headers, {
        signersIds: [signerId],
      }),
      api('PATCH', `/document_sign/${document.id}/disable-reminders`, stranger.headers),
      api('PATCH', `/document_sign/${document.id}/enable-reminders`, stranger.headers),
      api('GET', `/document_sign/documents/${document.id}/signing_url?userId=${signerId}`, stranger.headers),
      api('GET', `/document_sign/documents/${completed.id}/share_url`, stranger.headers),
      api('POST', `/document_sign/documents/${completed.id}/share`, stranger.headers, {
        recipients: [{ email: 'viewer@example.com' }],
      }),
      api('PATCH', `/documents/${document.id}`, stranger.headers, { title: 'Mine now' }),
      api('DELETE', '/documents', stranger.headers, { ids: [document.id] }),
      api('POST', '/documents/download_zip', stranger.headers, { ids: [completed.id] }),
    ];
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses).toEqual(calls.map(() => 404));
    const list = await api('GET', '/documents', stranger.headers);
    expect(list.json()).toMatchObject({ items: [], totalItems: 0 });
  });

  it('refuses calls without a session', async () => {
    const document = await awaiting();
    const response = await api('GET', `/documents/${document.id}/activities`, {});
    expect(response.statusCode).toBe(401);
  });
});

describe('Edit & Resend (revert)', () => {
  it('puts an awaiting document back to draft, records `revert` and stops the old signing links', async () => {
    const document = await awaiting();
    const signerId = document.signers[0]?.id ?? '';
    const token = await factory.token(document.id, signerId);
    const { db } = t.app.platform.database;
    expect((await findSigningSession(db, { documentId: document.id, token }))?.signer).toMatchObject({ id: signerId });

    const reverted = await api('PATCH', `/documents/${document.id}/revert`, owner.headers);
    expect(reverted.json()).toEqual({ id: document.id, status: 'draft' });
    expect((await findSigningSession(db, { documentId: document.id, token }))?.signer).toBeUndefined();
    const activities = (await api('GET', `/documents/${document.id}/activities`, owner.headers)).json<
      DocumentActivity[]
    >();
    expect(activities.map((activity) => activity.type)).toEqual(['create', 'revert']);

    const again = await api('PATCH', `/documents/${document.id}/revert`, owner.headers);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a draft and a completed document', async () => {
    for (const status of ['draft', 'completed'] as const) {
      const document = await factory.create(owner.id, { status });
      const response = await api('PATCH', `/documents/${document.id}/revert`, owner.headers);
      expect(response.statusCode).toBe(409);
    }
  });
});

describe('rename', () => {
  it('renames a draft and refuses an awaiting document', async () => {
    const draft = await factory.create(owner.id, { title: 'Old' });
    const renamed = await api('PATCH', `/documents/${draft.id}`, owner.headers, { title: 'New name' });
    expect(renamed.json()).toMatchObject({ title: 'New name' });
    const sent = await awaiting();
    const refused = await api('PATCH', `/documents/${sent.id}`, owner.headers, { title: 'New' });
    expect(refused.statusCode).toBe(409);
  });
});

describe('reminders', () => {
  it('mails a fresh link to each unfinished signer of an unordered document', async () => {
    const document = await awaiting(false);
    const ids = document.signers.map((signer) => signer.id);
    const response = await api('POST', `/document_sign/documents/${document.id}/send_reminders`, owner.headers, {
      signersIds: ids,
    });
    expect(response.json()).toEqual({ success: true, signersIds: ids });
    for (const signer of document.signers) {
      const mail = await waitForMail(t.app, signer.email, { subject: /Reminder/ });
      const token = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? '').searchParams.get('signAccessToken') ?? '';
      const found = (await findSigningSession(t.app.platform.database.db, { documentId: document.id, token }))?.signer;
      expect(found?.id).toBe(signer.id);
    }
  });

  it('when ordered, only the first unfinished signer gets one', async () => {
    const document = await awaiting(true);
    const [first, second] = document.signers;
    const refused = await api('POST', `/document_sign/documents/${document.id}/send_reminders`, owner.headers, {
      signersIds: [second?.id],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.signerNotNext);
    const allowed = await api('POST', `/document_sign/documents/${document.id}/send_reminders`, owner.headers, {
      signersIds: [first?.id],
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses a finished signer and a draft', async () => {
    const document = await factory.create(owner.id, {
      status: 'awaiting',
      signers: [{ name: 'Done', email: uniqueEmail(), isFinished: true }],
    });
    const finished = await api('POST', `/document_sign/documents/${document.id}/send_reminders`, owner.headers, {
      signersIds: [document.signers[0]?.id],
    });
    expect(finished.statusCode).toBe(409);
    const draft = await factory.create(owner.id, { signers: [{ name: 'A', email: uniqueEmail() }] });
    const refused = await api('POST', `/document_sign/documents/${draft.id}/send_reminders`, owner.headers, {
      signersIds: [draft.signers[0]?.id],
    });
    expect(refused.statusCode).toBe(409);
  });

  it('disables reminders', async () => {
    const document = await awaiting();
    const response = await api('PATCH', `/document_sign/${document.id}/disable-reminders`, owner.headers);
    expect(response.json()).toEqual({ success: true });
    const list = await api('GET', '/documents?searchTerm=Lease&limit=100', owner.headers);
    const item = list.json().items.find((entry: { id: string }) => entry.id === document.id);
    expect(item.remindersDisabled).toBe(true);
  });

  it('enables reminders again after they were disabled', async () => {
    // Cause: only PATCH disable-reminders existed, so a document's reminders once disabled stayed off for good.
    const document = await awaiting();
    await api('PATCH', `/document_sign/${document.id}/disable-reminders`, owner.headers);
    const response = await api('PATCH', `/document_sign/${document.id}/enable-reminders`, owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const list = await api('GET', '/documents?searchTerm=Lease&limit=100', owner.headers);
    const item = list.json().items.find((entry: { id: string }) => entry.id === document.id);
    expect(item.remindersDisabled).toBe(false);
  });
});

describe('signing link', () => {
  it('gives a new working link each time, for the signer whose turn it is', async () => {
    const document = await awaiting(true);
    const [first, second] = document.signers;
    const url = `/document_sign/documents/${document.id}/signing_url?userId=`;
    const one = (await api('GET', `${url}${first?.id}`, owner.headers)).json().signingUrl as string;
    const two = (await api('GET', `${url}${first?.id}`, owner.headers)).json().signingUrl as string;
    expect(one).not.toBe(two);
    const token = new URL(one).searchParams.get('signAccessToken') ?? '';
    expect(new URL(one).pathname).toBe(`/documents/${document.id}/sign`);
    const found = (await findSigningSession(t.app.platform.database.db, { documentId: document.id, token }))?.signer;
    expect(found?.id).toBe(first?.id);
    expect((await api('GET', `${url}${second?.id}`, owner.headers)).statusCode).toBe(409);
  });

  it('is refused for a draft and for a signer of another document', async () => {
    const draft = await factory.create(owner.id, { signers: [{ name: 'A', email: uniqueEmail() }] });
    const other = await awaiting();
    const draftLink = await api(
      'GET',
      `/document_sign/documents/${draft.id}/signing_url?userId=${draft.signers[0]?.id}`,
      owner.headers,
    );
    expect(draftLink.statusCode).toBe(409);
    const foreign = await api(
      'GET',
      `/document_sign/documents/${other.id}/signing_url?userId=${draft.signers[0]?.id}`,
      owner.headers,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('share', () => {
  it('stores the viewers and mails them a link that downloads the result', async () => {
    const document = await factory.create(owner.id, {
      title: 'Signed deal',
      status: 'completed',
      result: pdf('sealed'),
    });
    const viewer = uniqueEmail('viewer');
    const response = await api('POST', `/document_sign/documents/${document.id}/share`, owner.headers, {
      recipients: [{ email: viewer }],
    });
    expect(response.json()).toEqual({ success: true });
    const mail = await waitForMail(t.app, viewer);
    const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? '';
    const shareUrl = (await api('GET', `/document_sign/documents/${document.id}/share_url`, owner.headers)).json();
    expect(shareUrl.result).toBe(link);
    const download = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(download.statusCode).toBe(302);
    const signed = new URL(download.headers.location as string);
    const file = await t.app.inject({ method: 'GET', url: `${signed.pathname}${signed.search}` });
    const tampered = await t.app.inject({ method: 'GET', url: `${new URL(link).pathname.slice(0, -3)}abc` });
    expect(tampered.statusCode).toBe(404);
    expect(file.body).toContain('sealed');
  });

  it('needs at least one e-mail and a completed document', async () => {
    const completed = await factory.create(owner.id, { status: 'completed', result: pdf('r') });
    const empty = await api('POST', `/document_sign/documents/${completed.id}/share`, owner.headers, {
      recipients: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.values(empty.json().errors[0].constraints)).toContain(MESSAGES.shareNeedsRecipient);
    const sent = await awaiting();
    const refused = await api('POST', `/document_sign/documents/${sent.id}/share`, owner.headers, {
      recipients: [{ email: 'a@example.com' }],
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('delete and download', () => {
  it('soft-deletes many at once, and refuses the whole request when one id is not theirs', async () => {
    const a = await factory.create(owner.id, { title: 'Delete A' });
    const b = await factory.create(owner.id, { title: 'Delete B' });
    const foreign = await factory.create(stranger.id, { title: 'Foreign' });
    const refused = await api('DELETE', '/documents', owner.headers, { ids: [a.id, foreign.id] });
    expect(refused.statusCode).toBe(404);
    const deleted = await api('DELETE', '/documents', owner.headers, { ids: [a.id, b.id] });
    expect(deleted.json()).toEqual({ success: true });
    const list = await api('GET', '/documents?searchTerm=Delete', owner.headers);
    expect(list.json().totalItems).toBe(0);
    expect((await api('GET', `/documents/${a.id}`, owner.headers)).statusCode).toBe(404);
  });

  it('zips the result of a completed document and the original of others', async () => {
    const done = await factory.create(owner.id, {
      title: 'Deal',
      status: 'completed',
      pdf: pdf('orig'),
      result: pdf('sealed'),
    });
    const draft = await factory.create(owner.id, { title: 'Deal', pdf: pdf('draft') });
    const empty = await factory.create(owner.id, { title: 'No file' });
    const response = await api('POST', '/documents/download_zip', owner.headers, {
      ids: [done.id, draft.id, empty.id],
    });
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const texts = Object.fromEntries(
      Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString()]),
    );
    expect(Object.keys(texts).sort()).toEqual(['Deal (2).pdf', 'Deal.pdf']);
    expect(Object.values(texts).sort()).toEqual([pdf('draft').toString(), pdf('sealed').toString()].sort());

    const none = await api('POST', '/documents/download_zip', owner.headers, { ids: [empty.id] });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MESSAGES.noFilesToDownload);
  });
});
