import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyClient } from '../../../test/api-keys.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { PRUNING_DEFAULTS } from '../../platform/config.js';
import {
  apiIdempotency,
  apiRateWindows,
  apiRequests,
  emailTokens,
  events,
  mailOutbox,
  refreshTokens,
  sessions,
  smsOutbox,
  webhookDeliveries,
  webhookSubscriptions,
} from '../../platform/db/schema.js';
import { pruningJobs } from './pruning.jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** Old and recent rows of every pruned kind for one user; answers the ids to look for. */
async function seed() {
  const { db } = t.app.platform.database;
  const user = await authClient(t.app).loggedInUser();
  const { apiKey } = await apiKeyClient(t.app, user.accessToken).newKey();
  const [subscription] = await db
    .insert(webhookSubscriptions)
    .values({ userId: user.id, url: 'https://example.com/hook', events: [], secretEncrypted: 'x' })
    .returning();
  const event = (createdAt: Date) => ({
    id: randomUUID(),
    type: 'document.sent',
    userId: user.id,
    documentId: randomUUID(),
    sequence: 1,
    payload: {},
    createdAt,
    dispatchedAt: createdAt,
  });
  const oldEvent = event(ago(91 * DAY));
  const oldPendingEvent = event(ago(91 * DAY));
  const recentEvent = event(ago(89 * DAY));
  await db.insert(events).values([oldEvent, oldPendingEvent, recentEvent]);
  const delivery = (eventId: string, status: 'pending' | 'delivered', createdAt: Date) => ({
    id: randomUUID(),
    subscriptionId: subscription?.id ?? '',
    eventId,
    sequence: 1,
    status,
    createdAt,
  });
  const oldDelivery = delivery(oldEvent.id, 'delivered', ago(91 * DAY));
  const pendingDelivery = delivery(oldPendingEvent.id, 'pending', ago(91 * DAY));
  const recentDelivery = delivery(recentEvent.id, 'delivered', ago(89 * DAY));
  await db.insert(webhookDeliveries).values([oldDelivery, pendingDelivery, recentDelivery]);
  const request = (createdAt: Date) => ({
    apiKeyId: apiKey.id,
    type: 'get_documents' as const,
    origin: 'api',
    statusCode: 200,
    durationMs: 5,
    createdAt,
  });
  await db.insert(apiRequests).values([request(ago(91 * DAY)), request(ago(89 * DAY))]);
  const to = `${randomUUID()}@example.com`;
  const mail = (subject: string, createdAt: Date) => ({ to, subject, text: '', html: '', createdAt });
  await db.insert(mailOutbox).values([mail('old', ago(31 * DAY)), mail('recent', ago(29 * DAY))]);
  await db.insert(smsOutbox).values([
    { to, body: 'old', createdAt: ago(31 * DAY) },
    { to, body: 'recent', createdAt: ago(29 * DAY) },
  ]);
  const oldSession = randomUUID();
  const recentEnded = randomUUID();
  const liveOld = randomUUID();
  await db.insert(sessions).values([
    { id: oldSession, userId: user.id, endedAt: ago(31 * DAY), createdAt: ago(60 * DAY) },
    { id: recentEnded, userId: user.id, endedAt: ago(29 * DAY), createdAt: ago(60 * DAY) },
    { id: liveOld, userId: user.id, createdAt: ago(60 * DAY) },
  ]);
  const token = (tokenHash: string, expiresAt: Date) => ({ userId: user.id, tokenHash, familyId: liveOld, expiresAt });
  await db.insert(refreshTokens).values([token(`old-${to}`, ago(31 * DAY)), token(`recent-${to}`, ago(29 * DAY))]);
  await db.insert(emailTokens).values([
    { userId: user.id, purpose: 'reset_password', tokenHash: `old-${to}`, expiresAt: ago(31 * DAY) },
    { userId: user.id, purpose: 'reset_password', tokenHash: `recent-${to}`, expiresAt: ago(29 * DAY) },
  ]);
  await db.insert(apiIdempotency).values([
    { userId: user.id, key: 'old', requestHash: 'h', statusCode: 200, response: {}, createdAt: ago(25 * 3_600_000) },
    { userId: user.id, key: 'new', requestHash: 'h', statusCode: 200, response: {}, createdAt: ago(23 * 3_600_000) },
  ]);
  await db.insert(apiRateWindows).values({ apiKeyId: apiKey.id, windowStart: Date.now() - 120_000, count: 3 });
  return {
    user,
    apiKey,
    to,
    events: { oldEvent, oldPendingEvent, recentEvent },
    deliveries: { oldDelivery, pendingDelivery, recentDelivery },
    sessions: { oldSession, recentEnded, liveOld },
  };
}

describe('the hourly prune', () => {
  it('removes each kind of row past its window, in batches, and keeps the rest', async () => {
    const { db } = t.app.platform.database;
    const s = await seed();
    // Batches of one row: every kind takes several statements.
    const { prune } = pruningJobs({
      db,
      now: () => new Date(),
      windows: PRUNING_DEFAULTS,
      log: t.app.log,
      batchRows: 1,
    });
    const removed = await prune();
    expect(removed).toMatchObject({
      webhook_deliveries: 1,
      events: 1,
      api_requests: 1,
      mail_outbox: 1,
      sms_outbox: 1,
      sessions: 1,
      refresh_tokens: 1,
      email_tokens: 1,
      api_idempotency: 1,
    });

    const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
    const e = s.events;
    const eventRows = await db
      .select({ id: events.id })
      .from(events)
      .where(inArray(events.id, [e.oldEvent.id, e.oldPendingEvent.id, e.recentEvent.id]));
    // An event still waiting for a delivery stays whatever its age (as does one not yet dispatched).
    expect(ids(eventRows)).toEqual([e.oldPendingEvent.id, e.recentEvent.id].sort());
    const d = s.deliveries;
    const deliveryRows = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, [d.oldDelivery.id, d.pendingDelivery.id, d.recentDelivery.id]));
    expect(ids(deliveryRows)).toEqual([d.pendingDelivery.id, d.recentDelivery.id].sort());
    const requestRows = await db.select().from(apiRequests).where(eq(apiRequests.apiKeyId, s.apiKey.id));
    expect(requestRows).toHaveLength(1);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.to, s.to))).map((row) => row.subject)).toEqual([
      'recent',
    ]);
    expect((await db.select().from(smsOutbox).where(eq(smsOutbox.to, s.to))).map((row) => row.body)).toEqual([
      'recent',
    ]);
    const sessionRows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, Object.values(s.sessions)));
    expect(ids(sessionRows)).toEqual([s.sessions.recentEnded, s.sessions.liveOld].sort());
    const refresh = await db.select().from(refreshTokens).where(eq(refreshTokens.familyId, s.sessions.liveOld));
    expect(refresh.map((row) => row.tokenHash)).toEqual([`recent-${s.to}`]);
    const mailTokens = await db
      .select()
      .from(emailTokens)
      .where(inArray(emailTokens.tokenHash, [`old-${s.to}`, `recent-${s.to}`]));
    expect(mailTokens.map((row) => row.tokenHash)).toEqual([`recent-${s.to}`]);
    const keys = await db.select().from(apiIdempotency).where(eq(apiIdempotency.userId, s.user.id));
    expect(keys.map((row) => row.key)).toEqual(['new']);
    expect(await db.select().from(apiRateWindows).where(eq(apiRateWindows.apiKeyId, s.apiKey.id))).toEqual([]);

    // The user's own live session still signs in and calls.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${s.user.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('keeps a kind of row whose window is 0', async () => {
    const { db } = t.app.platform.database;
    const s = await seed();
    const windows = { ...PRUNING_DEFAULTS, eventsDays: 0, outboxDays: 0 };
    const removed = await pruningJobs({ db, now: () => new Date(), windows, log: t.app.log }).prune();
    expect(removed.events).toBeUndefined();
    expect(removed.mail_outbox).toBeUndefined();
    expect(removed.api_requests).toBe(1);
    const kept = await db.select({ id: events.id }).from(events).where(eq(events.id, s.events.oldEvent.id));
    expect(kept).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, s.to))).toHaveLength(2);
  });

  it('is scheduled hourly through the job queue, and the idempotency sweep it replaced is not', async () => {
    const { db } = t.app.platform.database;
    const result = (await db.execute(sql`select name, cron from pgboss.schedule order by name`)) as unknown as {
      rows: { name: string; cron: string }[];
    };
    expect(result.rows).toContainEqual({ name: 'pruning.prune', cron: '17 * * * *' });
    expect(result.rows.map((row) => row.name)).not.toContain('public-api.idempotency-sweep');
  });
});
