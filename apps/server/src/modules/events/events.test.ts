import { API_PREFIX } from '@esign/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient } from '../../../test/documents.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';
import { recordEvent, recordEvents } from '../../data/events.js';
import { documents, events } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function eventsOf(documentId: string) {
  return t.app.platform.database.db
    .select()
    .from(events)
    .where(eq(events.documentId, documentId))
    .orderBy(asc(events.sequence));
}

const owner = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

describe('the event outbox', () => {
  it('records each change of a document once, numbered per document, with who it names', async () => {
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const [signer] = doc.signers;
    if (!signer) throw new Error('no signer');
    const call = signerClient(t.app, signer.token);
    expect(
      (await call('POST', `/document_sign/documents/${doc.documentId}/signers/${signer.id}/signatory_opened`))
        .statusCode,
    ).toBeLessThan(300);
    const signed = await call('PATCH', `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`, {
      fields: [{ id: signer.fieldIds[0], checked: true }],
      consent: 'I agree',
    });
    expect(signed.statusCode).toBe(200);
    await waitForSealed(t.app, doc.documentId);

    const rows = await eventsOf(doc.documentId);
    expect(rows.map((row) => row.type)).toEqual([
      'document.viewed',
      'document.signed',
      'document.completed',
      'document.sealed',
    ]);
    expect(rows.map((row) => row.sequence)).toEqual([1, 2, 3, 4]);
    expect(rows.every((row) => row.userId === doc.owner.id)).toBe(true);
    expect(rows[1]?.payload).toMatchObject({
      document: { id: doc.documentId, status: 'awaiting' },
      signers: [{ id: signer.id, email: signer.email }],
    });
    expect(rows[2]?.payload).toMatchObject({ document: { status: 'completed' } });
  });

  it('records nothing for a change that was rolled back, and the event of one that committed', async () => {
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const { db } = t.app.platform.database;
    await expect(
      db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'document.reverted', documentId: doc.documentId });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf(doc.documentId)).toHaveLength(0);

    // A refused delete (one id is not the caller's) leaves no event; the owner's own delete leaves one.
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${API_PREFIX}/documents`,
      headers: owner(doc.owner.accessToken),
      payload: { ids: [doc.documentId, crypto.randomUUID()] },
    });
    expect(refused.statusCode).toBe(404);
    expect(await eventsOf(doc.documentId)).toHaveLength(0);

    const reverted = await t.app.inject({
      method: 'PATCH',
      url: `${API_PREFIX}/documents/${doc.documentId}/revert`,
      headers: owner(doc.owner.accessToken),
    });
    expect(reverted.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${API_PREFIX}/documents`,
      headers: owner(doc.owner.accessToken),
      payload: { ids: [doc.documentId] },
    });
    expect(deleted.statusCode).toBe(200);
    const rows = await eventsOf(doc.documentId);
    expect(rows.map((row) => [row.type, row.sequence])).toEqual([
      ['document.reverted', 1],
      ['document.deleted', 2],
    ]);
    const [row] = await db.select().from(documents).where(eq(documents.id, doc.documentId));
    expect(row?.deletedAt).not.toBeNull();
  });

  it("records one event for each document of a bulk delete, each after that document's earlier ones", async () => {
    const docs: Awaited<ReturnType<typeof awaitingDocument>>[] = [];
    for (let i = 0; i < 3; i++) {
      docs.push(await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] }));
    }
    const owner = docs[0]?.owner;
    if (!owner) throw new Error('no owner');
    const { db } = t.app.platform.database;
    // The documents are made for three owners; one owner's bulk delete needs them to be theirs.
    for (const doc of docs) {
      await db.execute(sql`update documents set user_id = ${owner.id} where id = ${doc.documentId}`);
    }
    await db.transaction((tx) => recordEvent(tx, { type: 'document.viewed', documentId: docs[1]?.documentId ?? '' }));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${API_PREFIX}/documents`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { ids: docs.map((doc) => doc.documentId) },
    });
    expect(deleted.statusCode).toBe(200);
    const sequences: (number | undefined)[] = [];
    for (const doc of docs) {
      const rows = await eventsOf(doc.documentId);
      const last = rows.at(-1);
      expect(last).toMatchObject({ type: 'document.deleted', userId: owner.id });
      expect(last?.payload).toMatchObject({ document: { id: doc.documentId }, signers: [] });
      sequences.push(last?.sequence);
    }
    expect(sequences).toEqual([1, 2, 1]);
  });

  it('records events of different kinds in the order given, each with what it names, a document named twice numbered twice', async () => {
    const first = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const second = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const [firstSigner] = first.signers;
    if (!firstSigner) throw new Error('no signer');
    const { db } = t.app.platform.database;
    const at = new Date('2026-01-02T03:04:05.000Z');
    await db.transaction((tx) =>
      recordEvents(tx, [
        { type: 'document.sent', documentId: first.documentId, signerIds: [firstSigner.id] },
        { type: 'document.declined', documentId: second.documentId, message: 'Wrong amount', at },
        { type: 'document.viewed', documentId: first.documentId },
      ]),
    );
    const firsts = await eventsOf(first.documentId);
    const seconds = await eventsOf(second.documentId);
    expect(firsts.map((row) => [row.type, row.sequence])).toEqual([
      ['document.sent', 1],
      ['document.viewed', 2],
    ]);
    expect(firsts[0]?.payload).toEqual({
      document: { id: first.documentId, title: expect.any(String), status: 'awaiting', type: expect.any(String) },
      signers: [{ id: firstSigner.id, name: 'Signer 1', email: firstSigner.email }],
    });
    expect(seconds).toHaveLength(1);
    expect(seconds[0]).toMatchObject({ type: 'document.declined', sequence: 1, createdAt: at });
    expect(seconds[0]?.payload).toMatchObject({ message: 'Wrong amount', signers: [] });
    // The dispatcher's order is the order given.
    expect([firsts[0], seconds[0], firsts[1]].map((row) => row?.position)).toEqual(
      [firsts[0], seconds[0], firsts[1]].map((row) => row?.position).sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
  });

  it('numbers the events of concurrent changes of one document without a gap or a repeat', async () => {
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const { db } = t.app.platform.database;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction((tx) => recordEvent(tx, { type: 'document.viewed', documentId: doc.documentId })),
      ),
    );
    expect((await eventsOf(doc.documentId)).map((row) => row.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('events of the upload', () => {
  it('records the creation and the finished conversion of a document', async () => {
    const user = await authClient(t.app).loggedInUser();
    const client = documentClient(t.app, user.accessToken);
    const ready = await client.createReady();
    const rows = await eventsOf(ready.id);
    expect(rows.map((row) => row.type)).toEqual([
      'document.created',
      'document.part_converted',
      'document.conversion_finished',
    ]);
  });
});
