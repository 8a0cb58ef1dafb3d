import type { Document, DocumentListResponse } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient, fieldInput } from '../../../test/documents.js';
import { signerClient } from '../../../test/signing.js';
import { DAY_ANCHOR_FROM_OFFSET } from '../../data/document-lists.js';
import { documents } from '../../platform/db/schema.js';

// The lists' totals without a search come from counts kept by database triggers, and their answers from a
// cache keyed by a version the same triggers bump: every step below must show in the very next list.
let t: TestApp;
let docs: ReturnType<typeof documentClient>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await authClient(t.app).loggedInUser();
  docs = documentClient(t.app, owner.accessToken);
});
afterAll(async () => {
  await t?.close();
});

async function list(query = '') {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/documents?${query}`, headers: docs.headers });
  expect(response.statusCode).toBe(200);
  return response.json<DocumentListResponse>();
}

/** The kept totals (all and per status) beside the counted ones (a date range counts rows). */
async function totals() {
  const counted = async (query: string) => {
    const kept = (await list(query)).totalItems;
    const rows = (await list(`${query}${query ? '&' : ''}dateFrom=2000-01-01`)).totalItems;
    expect(kept).toBe(rows);
    return kept;
  };
  return {
    all: await counted(''),
    draft: await counted('status=draft'),
    awaiting: await counted('status=awaiting'),
    completed: await counted('status=completed'),
  };
}

/** A draft with one signer who has one checkbox, ready to send. */
async function sendable(title: string) {
  const document = await docs.createReady('others');
  const withSigner = (
    await docs.patch(document.id, {
      title,
      signers: [{ name: 'Bob', email: `bob.${document.id}@example.com`, order: 1 }],
    })
  ).json<Document>();
  const signer = withSigner.signers[0];
  if (!signer) throw new Error('no signer');
  const field = fieldInput({ type: 'checkbox', width: 20, height: 20, signerId: signer.id });
  const saved = await docs.patch(document.id, { fields: [field] });
  expect(saved.statusCode).toBe(200);
  return { id: document.id, signer, field };
}

const api = (method: 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: docs.headers, ...(payload ? { payload } : {}) });

describe('list totals and answers follow every change', () => {
  it('after create, send, complete, revert and delete', async () => {
    expect(await totals()).toEqual({ all: 0, draft: 0, awaiting: 0, completed: 0 });

    const signed = await sendable('To complete');
    const reverted = await sendable('To revert');
    const deleted = await docs.create('others');
    expect(await totals()).toEqual({ all: 3, draft: 3, awaiting: 0, completed: 0 });

    for (const id of [signed.id, reverted.id]) {
      expect((await api('PATCH', `/document_sign/documents/${id}/send_out`)).statusCode).toBe(200);
    }
    expect(await totals()).toEqual({ all: 3, draft: 1, awaiting: 2, completed: 0 });

    const token = linkParam(await waitForMail(t.app, signed.signer.email), 'signAccessToken');
    const answer = await signerClient(t.app, token)(
      'PATCH',
      `/document_sign/documents/${signed.id}/signers/${signed.signer.id}/sign`,
      { fields: [{ id: signed.field.id, checked: true }], consent: 'I agree' },
    );
    expect(answer.json()).toMatchObject({ documentStatus: 'completed' });
    expect(await totals()).toEqual({ all: 3, draft: 1, awaiting: 1, completed: 1 });
    const completed = (await list('status=completed')).items[0];
    expect(completed?.signers).toEqual([expect.objectContaining({ id: signed.signer.id, isFinished: true })]);

    expect((await api('PATCH', `/documents/${reverted.id}/revert`)).statusCode).toBe(200);
    expect(await totals()).toEqual({ all: 3, draft: 2, awaiting: 0, completed: 1 });

    expect((await api('DELETE', '/documents', { ids: [deleted.id] })).statusCode).toBe(200);
    expect(await totals()).toEqual({ all: 2, draft: 1, awaiting: 0, completed: 1 });
    expect((await list()).items.map((item) => item.title).sort()).toEqual(['To complete', 'To revert']);
  });

  it('shows a change made by anyone on the database, not only through this node', async () => {
    const document = await docs.create('others');
    expect((await list()).items[0]).toMatchObject({ id: document.id, title: '' });
    // Another API node (or a job) changes the row: this node's cached answer must not be served.
    await t.app.platform.database.db
      .update(documents)
      .set({ title: 'Renamed elsewhere' })
      .where(eq(documents.id, document.id));
    expect((await list()).items[0]).toMatchObject({ id: document.id, title: 'Renamed elsewhere' });
  });
});

describe('deep pages by date', () => {
  it('start from the kept per-day counts and equal plain offset paging', async () => {
    const owner = await authClient(t.app).loggedInUser();
    const headers = { authorization: `Bearer ${owner.accessToken}` };
    // Over six days (UTC), with ties on one instant at a day's edge, other statuses and deleted documents.
    const base = Date.UTC(2026, 2, 10);
    const rows = Array.from({ length: DAY_ANCHOR_FROM_OFFSET + 250 }, (_, index) => ({
      userId: owner.id,
      title: `Doc ${index}`,
      type: 'others' as const,
      status: (['draft', 'awaiting', 'completed'] as const)[index % 3],
      createdAt: new Date(index < 40 ? base : base - index * 7 * 60_000),
      deletedAt: index % 17 === 0 ? new Date() : null,
    }));
    await t.app.platform.database.db.insert(documents).values(rows);
    const live = rows.map((row) => ({ ...row, id: '' })).filter((row) => row.deletedAt === null);
    const stored = await t.app.platform.database.db
      .select({ id: documents.id, title: documents.title })
      .from(documents)
      .where(eq(documents.userId, owner.id));
    const idOf = new Map(stored.map((row) => [row.title, row.id]));
    for (const row of live) row.id = idOf.get(row.title) ?? '';

    for (const direction of ['desc', 'asc'] as const) {
      for (const status of [undefined, 'awaiting'] as const) {
        const expected = live
          .filter((row) => !status || row.status === status)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
        if (direction === 'desc') expected.reverse();
        for (const [page, limit] of [
          [101, 10],
          [102, 10],
          [111, 10],
          [11, 100],
          [12, 100],
          [40, 30],
          [200, 10],
        ] as const) {
          const query = `page=${page}&limit=${limit}&orderingDirection=${direction}${status ? `&status=${status}` : ''}`;
          const response = await t.app.inject({ method: 'GET', url: `/api/v1/documents?${query}`, headers });
          const answer = response.json<DocumentListResponse>();
          const want = expected.slice((page - 1) * limit, page * limit).map((row) => row.title);
          expect({ query, titles: answer.items.map((item) => item.title) }).toEqual({ query, titles: want });
          expect(answer.totalItems).toBe(expected.length);
        }
      }
    }
  });
});
