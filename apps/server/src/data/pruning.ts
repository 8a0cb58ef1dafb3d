import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client.js';
import {
  apiIdempotency,
  apiRateWindows,
  apiRequests,
  emailTokens,
  events,
  mailOutbox,
  passkeyChallenges,
  refreshTokens,
  sessions,
  smsCodes,
  smsOutbox,
  ssoLogins,
  twoFactorChallenges,
  webhookDeliveries,
} from '../platform/db/schema.js';

/** Which configured window a kind of row is kept for (config.pruning). */
export type PruneWindow = 'events' | 'apiRequests' | 'outbox' | 'sessions' | 'idempotency';

/**
 * One kind of operational row that the prune removes once it is older than its window: `where` picks the rows
 * older than `before` that nothing still needs. The outboxes are the platform's tables, pruned here with the rest.
 */
export interface PruneTarget {
  name: string;
  window: PruneWindow;
  table: PgTable;
  where: (before: string) => SQL;
}

const olderThan = (column: SQL | unknown, before: string) => sql`${column} < ${before}::timestamptz`;

/** In this order: a webhook delivery before its event (an event with a pending delivery stays). */
export const PRUNE_TARGETS: PruneTarget[] = [
  {
    name: 'webhook_deliveries',
    window: 'events',
    table: webhookDeliveries,
    where: (before) =>
      sql`${webhookDeliveries.status} <> 'pending' and ${olderThan(webhookDeliveries.createdAt, before)}`,
  },
  {
    name: 'events',
    window: 'events',
    table: events,
    where: (before) => sql`${events.dispatchedAt} is not null and ${olderThan(events.createdAt, before)}
      and not exists (select 1 from ${webhookDeliveries} d where d.event_id = ${events.id} and d.status = 'pending')`,
  },
  {
    name: 'api_requests',
    window: 'apiRequests',
    table: apiRequests,
    where: (b) => olderThan(apiRequests.createdAt, b),
  },
  { name: 'mail_outbox', window: 'outbox', table: mailOutbox, where: (b) => olderThan(mailOutbox.createdAt, b) },
  { name: 'sms_outbox', window: 'outbox', table: smsOutbox, where: (b) => olderThan(smsOutbox.createdAt, b) },
  // An ended session's access tokens are refused by the missing row as by its end.
  { name: 'sessions', window: 'sessions', table: sessions, where: (b) => olderThan(sessions.endedAt, b) },
  // Past their expiry (a rotated token is kept until then, so its replay still ends its family).
  {
    name: 'refresh_tokens',
    window: 'sessions',
    table: refreshTokens,
    where: (b) => olderThan(refreshTokens.expiresAt, b),
  },
  { name: 'email_tokens', window: 'sessions', table: emailTokens, where: (b) => olderThan(emailTokens.expiresAt, b) },
  { name: 'sms_codes', window: 'sessions', table: smsCodes, where: (b) => olderThan(smsCodes.expiresAt, b) },
  {
    name: 'passkey_challenges',
    window: 'sessions',
    table: passkeyChallenges,
    where: (b) => olderThan(passkeyChallenges.expiresAt, b),
  },
  {
    name: 'two_factor_challenges',
    window: 'sessions',
    table: twoFactorChallenges,
    where: (b) => olderThan(twoFactorChallenges.expiresAt, b),
  },
  // Single sign-on's sign-ins in progress, spent or not, past their life.
  { name: 'sso_logins', window: 'sessions', table: ssoLogins, where: (b) => olderThan(ssoLogins.expiresAt, b) },
  {
    name: 'api_idempotency',
    window: 'idempotency',
    table: apiIdempotency,
    where: (b) => olderThan(apiIdempotency.createdAt, b),
  },
];

/**
 * Deletes at most `limit` rows of the target older than `before`, in one short statement (rows picked by their
 * physical address, so no index order is needed beyond the one `where` uses): answers how many went.
 */
export async function deletePruneBatch(db: Db, target: PruneTarget, before: Date, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    with gone as (
      delete from ${target.table} where ctid = any(array(
        select ctid from ${target.table} where ${target.where(before.toISOString())} limit ${limit}))
      returning 1)
    select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** The API keys' rate windows no call has touched for a minute (a key's next call starts a new one anyway). */
export async function deleteIdleRateWindows(db: Db, beforeMs: number): Promise<void> {
  await db.execute(sql`delete from ${apiRateWindows} where ${apiRateWindows.windowStart} < ${beforeMs}`);
}
