import type { DocumentListResponse } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentFactory } from '../../../test/document-factory.js';

let t: TestApp;
let headers: Record<string, string>;
let strangerHeaders: Record<string, string>;

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

beforeAll(async () => {
  t = await createTestApp();
  const auth = authClient(t.app);
  const owner = await auth.loggedInUser();
  const stranger = await auth.loggedInUser();
  headers = { authorization: `Bearer ${owner.accessToken}` };
  strangerHeaders = { authorization: `Bearer ${stranger.accessToken}` };
  const factory = documentFactory(t.app);
  const rows = [
    { title: 'Alpha lease', status: 'draft', createdAt: day(1), signer: 'Zoe Quinn' },
    { title: 'beta NDA', status: 'awaiting', createdAt: day(2), signer: 'Yuri Gagarin' },
    { title: 'Gamma 100%_off', status: 'completed', createdAt: day(3), signer: 'Xena Warrior' },
    { title: 'Delta lease', status: 'awaiting', createdAt: day(4), signer: 'Walt Whitman' },
    { title: 'Epsilon', status: 'preparing', createdAt: day(5), signer: 'Zoe Quinn' },
  ] as const;
  for (const row of rows) {
    await factory.create(owner.id, {
      title: row.title,
      status: row.status,
      createdAt: row.createdAt,
      signers: [{ name: row.signer, email: uniqueEmail(row.signer.split(' ')[0]?.toLowerCase()) }],
    });
  }
  await factory.create(owner.id, { title: 'Deleted lease', deletedAt: new Date() });
  await factory.create(stranger.id, { title: 'Stranger lease' });
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string, as = headers) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/documents?${query}`, headers: as });
  expect(response.statusCode).toBe(200);
  return response.json<DocumentListResponse>();
}
const titles = (page: DocumentListResponse) => page.items.map((item) => item.title);

describe('GET documents', () => {
  it('lists only the caller’s live documents, newest first, with the counts', async () => {
    const page = await list('');
    expect(titles(page)).toEqual(['Epsilon', 'Delta lease', 'Gamma 100%_off', 'beta NDA', 'Alpha lease']);
    expect(page).toMatchObject({ totalItems: 5, pageCount: 1, itemCount: 5, pageNumber: 1, itemsLimit: 10 });
    expect(page.items[0]?.signers).toEqual([expect.objectContaining({ name: 'Zoe Quinn', isFinished: false })]);
    expect(titles(await list('', strangerHeaders))).toEqual(['Stranger lease']);
  });

  it('pages with a 1-based page number', async () => {
    const second = await list('limit=2&page=2');
    expect(titles(second)).toEqual(['Gamma 100%_off', 'beta NDA']);
    expect(second).toMatchObject({ totalItems: 5, pageCount: 3, itemCount: 2 });
    expect(titles(await list('limit=2&page=9'))).toEqual([]);
  });

  it('filters by status (one or many) and type', async () => {
    expect(titles(await list('status=awaiting'))).toEqual(['Delta lease', 'beta NDA']);
    expect(titles(await list('status=draft&status=completed'))).toEqual(['Gamma 100%_off', 'Alpha lease']);
    expect(titles(await list('status=draft,completed&type=me'))).toEqual([]);
  });

  it('searches titles or signers, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(titles(await list('searchTerm=LEASE'))).toEqual(['Delta lease', 'Alpha lease']);
    expect(titles(await list('searchTerm=zoe&searchType=signers'))).toEqual(['Epsilon', 'Alpha lease']);
    expect(titles(await list('searchTerm=xena%40&searchType=signers'))).toEqual([]);
    expect(titles(await list('searchTerm=whitman&searchType=signers'))).toEqual(['Delta lease']);
    expect(titles(await list('searchTerm=%25_'))).toEqual(['Gamma 100%_off']);
    expect(titles(await list('searchTerm=a_l'))).toEqual([]);
  });

  it('filters by a date range, a bare end date covering its whole day', async () => {
    expect(titles(await list('dateFrom=2026-01-02&dateTo=2026-01-03'))).toEqual(['Gamma 100%_off', 'beta NDA']);
    expect(titles(await list(`dateFrom=${day(4).toISOString()}`))).toEqual(['Epsilon', 'Delta lease']);
  });

  it('sorts by title, status and date in both directions', async () => {
    expect(titles(await list('orderingKey=title&orderingDirection=asc'))).toEqual([
      'Alpha lease',
      'beta NDA',
      'Delta lease',
      'Epsilon',
      'Gamma 100%_off',
    ]);
    const byStatus = await list('orderingKey=status&orderingDirection=asc');
    expect(byStatus.items.map((item) => item.status)).toEqual([
      'awaiting',
      'awaiting',
      'completed',
      'draft',
      'preparing',
    ]);
    expect(titles(await list('orderingKey=createdAt&orderingDirection=asc'))[0]).toBe('Alpha lease');
  });

  it('refuses bad query values', async () => {
    for (const query of ['limit=101', 'page=0', 'orderingKey=userId', 'status=deleted', 'dateFrom=someday']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/documents?${query}`, headers });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('GET documents/all', () => {
  // The cause: the spec's call (part 1, section 7) was not routed; its path fell to GET documents/{id} and answered
  // a validation error. It answers every document the list would show, in one answer without pages.
  async function all(query = '', as = headers) {
    return t.app.inject({ method: 'GET', url: `/api/v1/documents/all${query ? `?${query}` : ''}`, headers: as });
  }

  it('answers every live document of the caller in one answer, newest first, with the list items', async () => {
    const answer = await all();
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<{ items: DocumentListResponse['items']; totalItems: number }>();
    expect(body.items.map((item) => item.title)).toEqual([
      'Epsilon',
      'Delta lease',
      'Gamma 100%_off',
      'beta NDA',
      'Alpha lease',
    ]);
    expect(body.totalItems).toBe(5);
    expect(body.items[0]).toEqual((await list('limit=1')).items[0]);
    const awaiting = (await all('status=awaiting')).json<{ items: { title: string }[] }>();
    expect(awaiting.items.map((item) => item.title)).toEqual(['Delta lease', 'beta NDA']);
    expect((await all('', strangerHeaders)).json<{ items: { title: string }[] }>().items).toEqual([
      expect.objectContaining({ title: 'Stranger lease' }),
    ]);
  });

  it('is not cut at the largest page', async () => {
    const many = await authClient(t.app).loggedInUser();
    const factory = documentFactory(t.app);
    for (let index = 0; index < 101; index++) await factory.create(many.id, { title: `Doc ${index}` });
    const answer = await all('', { authorization: `Bearer ${many.accessToken}` });
    expect(answer.json<{ items: unknown[]; totalItems: number }>()).toMatchObject({ totalItems: 101 });
    expect(answer.json<{ items: unknown[] }>().items).toHaveLength(101);
  });

  it('refuses an anonymous caller, the team scope outside a team and bad filters', async () => {
    expect((await all('', {})).statusCode).toBe(401);
    expect((await all('scope=team')).statusCode).toBe(403);
    expect((await all('status=deleted')).statusCode).toBe(400);
  });
});
