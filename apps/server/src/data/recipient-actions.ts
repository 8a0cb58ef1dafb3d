import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { documentActivities } from '../platform/db/schema.js';

/**
 * An approver's rejection (issue 36), as the audit trail recorded it: when and why; undefined when the recipient
 * has not rejected. The rejection lives only in the trail (its `reject` row carries the reason in `details`).
 */
export async function findRejection(
  db: Db,
  params: { documentId: string; signerId: string },
): Promise<{ at: Date; reason: string } | undefined> {
  const [row] = await db
    .select({ at: documentActivities.createdAt, details: documentActivities.details })
    .from(documentActivities)
    .where(
      and(
        eq(documentActivities.documentId, params.documentId),
        eq(documentActivities.type, 'reject'),
        sql`${documentActivities.signerIds} @> ${JSON.stringify([params.signerId])}::jsonb`,
      ),
    )
    .orderBy(desc(documentActivities.createdAt))
    .limit(1);
  return row ? { at: row.at, reason: row.details?.reason ?? '' } : undefined;
}
