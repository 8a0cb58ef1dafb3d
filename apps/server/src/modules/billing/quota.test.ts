import { documentsUsedThisMonth, quotaMonthStart, type User } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { countSentDocuments, findUserById } from '../../data/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the free plan monthly quota', () => {
  it('restarts at the month boundary of the user time zone (+05:30), for the send check and the counter alike', async () => {
    const user = await authClient(t.app).loggedInUser();
    const db = t.app.platform.database.db;
    await db.execute(sql`update users set timezone = 'Asia/Kolkata' where id = ${user.id}`);
    // Three sends on January 31 at 17:00 UTC (22:30 in the user's zone): the month's quota is used up.
    const january = new Date('2027-01-31T17:00:00Z');
    const count = (now: Date, n: number) =>
      countSentDocuments(db, { userId: user.id, count: n, monthStart: quotaMonthStart(now, 'Asia/Kolkata'), now });
    await db.execute(
      sql`update users set free_documents_counted_since = ${january.toISOString()}::timestamptz where id = ${user.id}`,
    );
    expect(await count(january, 3)).toBe(3);
    expect(await count(new Date('2027-01-31T18:29:00Z'), 1)).toBe(0);
    const row = await findUserById(db, user.id);
    if (!row) throw new Error('no user');
    expect(documentsUsedThisMonth(row, quotaMonthStart(new Date('2027-01-31T18:29:00Z'), 'Asia/Kolkata'))).toBe(3);
    // 18:30 UTC is midnight of February 1 in the user's zone (still January in UTC): the quota is new.
    const february = new Date('2027-01-31T18:30:00Z');
    expect(documentsUsedThisMonth(row, quotaMonthStart(february, 'Asia/Kolkata'))).toBe(0);
    expect(await count(february, 2)).toBe(2);
    expect(await count(february, 2)).toBe(1);
  });

  it('shows a past month count as 0 in GET /user', async () => {
    const user = await authClient(t.app).loggedInUser();
    const db = t.app.platform.database.db;
    await db.execute(sql`
      update users set free_documents_used = 3, free_documents_counted_since = now() - interval '40 days'
      where id = ${user.id}`);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(me.json<User>().freeDocumentsUsed).toBe(0);
    await db.execute(sql`update users set free_documents_counted_since = now() where id = ${user.id}`);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(again.json<User>().freeDocumentsUsed).toBe(3);
  });
});
