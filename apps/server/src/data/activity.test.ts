import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { authClient } from '../../test/auth.js';
import { documentFactory } from '../../test/document-factory.js';
import { documentActivities, documents, users } from '../platform/db/schema.js';
import { listActivityRows, recordActivity } from './activity.js';

/** Drizzle wraps the database's error; the trigger's message is on the cause. */
async function refusal(statement: Promise<unknown>): Promise<string> {
  const error = await statement.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error('the statement was not refused');
  return String((error.cause as Error | undefined)?.message ?? error.message);
}

describe('the audit trail is append-only in the database', { timeout: 120_000 }, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const db = () => testApp.app.platform.database.db;

  it('refuses to change or delete a recorded activity', async () => {
    const owner = await authClient(testApp.app).loggedInUser();
    const document = await documentFactory(testApp.app).create(owner.id);
    const [row] = await listActivityRows(db(), document.id);
    if (!row) throw new Error('no activity recorded');

    expect(
      await refusal(
        db().update(documentActivities).set({ sourceIp: '10.0.0.1' }).where(eq(documentActivities.id, row.id)),
      ),
    ).toMatch(/append-only: UPDATE refused/);
    expect(
      await refusal(db().update(documentActivities).set({ userId: null }).where(eq(documentActivities.id, row.id))),
    ).toBe('document activities are append-only: UPDATE refused');
    expect(await refusal(db().delete(documentActivities).where(eq(documentActivities.id, row.id)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await listActivityRows(db(), document.id)).toEqual([row]);
  });

  it("lets the foreign keys act: a row goes with its document, and an account's deletion clears user_id", async () => {
    const auth = authClient(testApp.app);
    const owner = await auth.loggedInUser();
    const actor = await auth.loggedInUser();
    const document = await documentFactory(testApp.app).create(owner.id);
    await recordActivity(db(), { documentId: document.id, type: 'view', userId: actor.id, sourceIp: '192.0.2.7' });

    await db().delete(users).where(eq(users.id, actor.id));
    const rows = await listActivityRows(db(), document.id);
    expect(rows.map((row) => [row.type, row.userId, row.sourceIp])).toEqual([
      ['create', owner.id, '127.0.0.1'],
      ['view', null, '192.0.2.7'],
    ]);

    await db().delete(documents).where(eq(documents.id, document.id));
    expect(await listActivityRows(db(), document.id)).toEqual([]);
  });
});
