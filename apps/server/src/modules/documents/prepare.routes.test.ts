import { type Document, MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient, fieldInput } from '../../../test/documents.js';

let t: TestApp;
let docs: ReturnType<typeof documentClient>;
let other: ReturnType<typeof documentClient>;
let me: { id: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  const auth = authClient(t.app);
  const user = await auth.loggedInUser();
  me = user;
  docs = documentClient(t.app, user.accessToken);
  other = documentClient(t.app, (await auth.loggedInUser()).accessToken);
});
afterAll(async () => {
  await t?.close();
});

const signer = (name: string, email: string, order: number, id?: string) => ({
  ...(id ? { id } : {}),
  name,
  email,
  order,
});
const field = fieldInput;
/** The messages of a validation answer, by dotted path. */
const errorsOf = (body: { errors?: { property: string; constraints: object; children: unknown[] }[] }) => {
  const result: Record<string, string[]> = {};
  const walk = (items: NonNullable<typeof body.errors>, prefix: string) => {
    for (const item of items) {
      const path = prefix ? `${prefix}.${item.property}` : item.property;
      const own = Object.values(item.constraints) as string[];
      if (own.length > 0) result[path] = own;
      walk(item.children as NonNullable<typeof body.errors>, path);
    }
  };
  walk(body.errors ?? [], '');
  return result;
};

describe('PATCH documents/{id}: the update activity', () => {
  it('records one update per editing session, not one per auto-save', async () => {
    // Cause: PATCH documents/{id} recorded no activity at all ('Auto-saves record no activity'), so the audit
    // trail never showed the spec's `update`; one row per PATCH would flood it (an auto-save every 3 s).
    const document = await docs.create('me_and_other');
    for (const title of ['One', 'Two', 'Three'])
      expect((await docs.patch(document.id, { title })).statusCode).toBe(200);
    const { listActivities } = await import('../../data/activity.js');
    const activities = await listActivities(t.app.platform.database.db, document.id);
    expect(activities.map((activity) => activity.type)).toEqual(['create', 'update']);
  });

  it('begins a new session after a pause or after any other activity', async () => {
    const { isNewEditingSession, EDITING_SESSION_GAP_MS } = await import('./documents.service.js');
    const now = new Date('2026-01-01T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(isNewEditingSession(undefined, now)).toBe(true);
    expect(isNewEditingSession({ type: 'create', createdAt: ago(1000) }, now)).toBe(true);
    expect(isNewEditingSession({ type: 'update', createdAt: ago(3000) }, now)).toBe(false);
    expect(isNewEditingSession({ type: 'update', createdAt: ago(EDITING_SESSION_GAP_MS) }, now)).toBe(true);
    expect(isNewEditingSession({ type: 'revert', createdAt: ago(1000) }, now)).toBe(true);
  });
});

describe('PATCH documents/{id}: signers', () => {
  it('puts the preparer first at order -1 and numbers the others from 1', async () => {
    const document = await docs.create('me_and_other');
    const response = await docs.patch(document.id, {
      title: 'Lease',
      isOrdered: true,
      signers: [signer('Bob', 'Bob@Example.com', 1), signer('Carol', 'carol@example.com', 2), signer('', '', 3)],
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<Document>();
    expect(saved).toMatchObject({ title: 'Lease', isOrdered: true });
    expect(saved.signers.map((s) => [s.name, s.email, s.order, s.isPreparer, s.userId])).toEqual([
      ['Ada Lovelace', me.email, -1, true, me.id],
      ['Bob', 'bob@example.com', 1, false, null],
      ['Carol', 'carol@example.com', 2, false, null],
    ]);
  });

  it('updates signers by id, inserts new ones and removes missing ones with their fields unassigned', async () => {
    const document = await docs.createReady('others');
    const first = (
      await docs.patch(document.id, {
        signers: [signer('Bob', 'bob@example.com', 1), signer('Carol', 'carol@example.com', 2)],
      })
    ).json<Document>();
    const [bob, carol] = first.signers;
    const carolsField = field({ signerId: carol?.id ?? null });
    await docs.patch(document.id, { fields: [carolsField] });

    const second = await docs.patch(document.id, {
      signers: [signer('Dan', 'dan@example.com', 1), signer('Robert', 'bob@example.com', 2, bob?.id)],
    });
    expect(second.statusCode).toBe(200);
    const saved = second.json<Document>();
    expect(saved.signers.map((s) => [s.name, s.order])).toEqual([
      ['Dan', 1],
      ['Robert', 2],
    ]);
    expect(saved.signers[1]?.id).toBe(bob?.id);
    expect(saved.fields).toEqual([expect.objectContaining({ id: carolsField.id, signerId: null })]);
  });

  it('answers every line message and the list rules', async () => {
    const document = await docs.create('others');
    const response = await docs.patch(document.id, {
      signers: [
        signer('', '', 1),
        signer('', 'a@example.com', 2),
        signer('Bob', '', 3),
        signer('Carol', 'carol@', 4),
        signer('Dan', 'dan@example.com', 5),
        signer('Dan', 'DAN@example.com', 6),
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.json())).toEqual({
      'signers.0.name': [MESSAGES.signerEmptyLine],
      'signers.1.name': [MESSAGES.signerNoName],
      'signers.2.email': [MESSAGES.signerNoEmail],
      'signers.3.email': [MESSAGES.signerEmailInvalid],
      'signers.5.email': [MESSAGES.signerDuplicated],
    });
    const none = await docs.patch(document.id, { signers: [signer('', '', 1)] });
    expect(errorsOf(none.json())).toEqual({ signers: [MESSAGES.documentNeedsSigner] });
    const meAndOthers = await docs.create('me_and_other');
    const alone = await docs.patch(meAndOthers.id, { signers: [] });
    expect(alone.json()).toMatchObject({ statusCode: 400, message: MESSAGES.onlySignerWarning });
    const many = Array.from({ length: 26 }, (_, i) => signer(`S ${i}`, `s${i}@example.com`, i + 1));
    expect((await docs.patch(document.id, { signers: many })).json()).toMatchObject({
      message: MESSAGES.signersLimit,
    });
  });

  it('gives Only Me the preparer alone', async () => {
    const document = await docs.create('me');
    const saved = (await docs.patch(document.id, { signers: [] })).json<Document>();
    expect(saved.signers).toEqual([expect.objectContaining({ isPreparer: true, order: -1, userId: me.id })]);
    const refused = await docs.patch(document.id, { signers: [signer('Bob', 'bob@example.com', 1)] });
    expect(refused.json()).toMatchObject({ message: MESSAGES.onlyMeHasNoOtherSigners });
  });
});

describe('PATCH documents/{id}: fields', () => {
  it('upserts the whole set by id and removes the fields not named', async () => {
    const document = await docs.createReady('others');
    const withSigner = (
      await docs.patch(document.id, { signers: [signer('Bob', 'bob@example.com', 1)] })
    ).json<Document>();
    const bobId = withSigner.signers[0]?.id ?? null;
    const a = field({ signerId: bobId });
    const b = field({ type: 'text', width: 56.25, height: 18, pageNumber: 2, fontSize: 14, fontFamily: 'arial' });
    expect((await docs.patch(document.id, { fields: [a, b] })).json<Document>().fields).toHaveLength(2);

    const moved = { ...a, coordinateX: 200, required: false };
    const saved = (await docs.patch(document.id, { fields: [moved] })).json<Document>();
    expect(saved.fields).toEqual([expect.objectContaining({ id: a.id, coordinateX: 200, required: false })]);
  });

  it('refuses foreign ids and signers, pages the PDF lacks, small sizes and bad font sizes', async () => {
    const document = await docs.createReady('others');
    const foreignDocument = await other.createReady('others');
    const foreignField = field();
    expect((await other.patch(foreignDocument.id, { fields: [foreignField] })).statusCode).toBe(200);
    const foreignSigner = (
      await other.patch(foreignDocument.id, { signers: [signer('Eve', 'eve@example.com', 1)] })
    ).json<Document>().signers[0];

    const response = await docs.patch(document.id, {
      fields: [
        foreignField,
        field({ signerId: foreignSigner?.id ?? null }),
        field({ pageNumber: 3 }),
        field({ type: 'date', width: 49, height: 33 }),
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.json())).toEqual({
      'fields.0.id': [MESSAGES.fieldNotInDocument],
      'fields.1.signerId': [MESSAGES.signerNotInDocument],
      'fields.2.pageNumber': [MESSAGES.fieldPageOutOfRange],
      'fields.3.width': [MESSAGES.fieldTooSmall],
    });
    const font = await docs.patch(document.id, { fields: [field({ type: 'text', fontSize: 49 })] });
    expect(font.statusCode).toBe(400);
    const foreignAfter = (await other.get(foreignDocument.id)).json<Document>();
    expect(foreignAfter.fields.map((f) => f.id)).toEqual([foreignField.id]);
  });

  it('answers 404 to another user and refuses a document that is not a draft', async () => {
    const document = await docs.create('others');
    const stranger = await other.patch(document.id, { title: 'Mine now' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ message: MESSAGES.documentNotFound });
    const { documents } = await import('../../platform/db/schema.js');
    const { eq } = await import('drizzle-orm');
    await t.app.platform.database.db.update(documents).set({ status: 'awaiting' }).where(eq(documents.id, document.id));
    const refused = await docs.patch(document.id, { title: 'Changed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MESSAGES.documentNotDraft });
  });
});
