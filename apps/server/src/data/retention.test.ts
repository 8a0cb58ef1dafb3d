// A retention run's time grew with the square of the documents (657 s for 100,000, 22x a bare DELETE): each batch
// asked the rule of every finished document after the last one taken, to keep the first 100. The run now reads the
// candidates page by page through their own index and asks the rule of each page only; this test holds it to taking
// exactly the due documents, each once, in batches, past pages with nothing due.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { findRetentionDue } from './retention.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Rows<T> = { rows: T[] };

/** `count` voided documents of `userId` that ended `daysAgo` days ago: their ids. */
async function ended(userId: string, count: number, daysAgo: number): Promise<string[]> {
  const result = (await t.app.platform.database.db.execute(sql`
    insert into documents (user_id, type, status, title, updated_at)
    select ${userId}::uuid, 'others', 'voided', 'Offer ' || n, now() - make_interval(days => ${daysAgo})
    from generate_series(1, ${count}) n returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows.map((row) => row.id);
}

async function user(name: string, retentionDays: number | null): Promise<string> {
  const db = t.app.platform.database.db;
  const result = (await db.execute(sql`
    insert into users (name, email, password_hash) values (${name}, ${`${name}.${Date.now()}@example.com`}, 'x')
    returning id`)) as unknown as Rows<{ id: string }>;
  const id = result.rows[0]?.id ?? '';
  if (retentionDays !== null) {
    await db.execute(sql`insert into retention_settings (user_id, retention_days) values (${id}, ${retentionDays})`);
  }
  return id;
}

describe('findRetentionDue', () => {
  it('gives every due document once, in batches, past candidates that are not due', async () => {
    const keeper = await user('keeper', 30);
    const forever = await user('forever', null);
    const due = await ended(keeper, 250, 60);
    await ended(keeper, 300, 1);
    await ended(forever, 400, 400);

    const now = new Date();
    const taken: string[] = [];
    let afterId: string | null = null;
    for (let batch = 0; batch < 20; batch++) {
      const found = await findRetentionDue(t.app.platform.database.db, { now, afterId, limit: 100 });
      expect(found.ids.length).toBeLessThanOrEqual(100);
      taken.push(...found.ids);
      afterId = found.nextAfterId;
      if (found.isDone) break;
    }
    expect(taken.length).toBe(250);
    expect(new Set(taken)).toEqual(new Set(due));
  });
});
