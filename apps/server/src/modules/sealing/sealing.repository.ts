import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { documents } from '../../platform/db/schema.js';

/** Live documents completed before `completedBefore` and still not sealed (the sweep queues their seal again). */
export async function listUnsealed(db: Db, params: { completedBefore: Date }) {
  return db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.status, 'completed'),
        isNull(documents.sealedAt),
        isNull(documents.deletedAt),
        lt(documents.completedAt, params.completedBefore),
      ),
    )
    .limit(500);
}
