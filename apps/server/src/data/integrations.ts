import type { IntegrationType } from '@esign/shared';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { integrationAuthorizations, integrations } from '../platform/db/schema.js';

export type IntegrationRow = typeof integrations.$inferSelect;

export async function listConnections(db: Db, userId: string) {
  return db
    .select({ type: integrations.type, revokedAt: integrations.revokedAt })
    .from(integrations)
    .where(eq(integrations.userId, userId));
}

/** The user's connection to one service; another user's is never read (the user is part of the key). */
export async function findConnection(db: Db, params: { userId: string; type: IntegrationType }) {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.userId, params.userId), eq(integrations.type, params.type)));
  return row;
}

/** Stores a new grant, replacing an earlier (or revoked) connection to the same service. */
export async function upsertConnection(
  db: Db,
  values: {
    userId: string;
    type: IntegrationType;
    accessTokenEncrypted: string;
    refreshTokenEncrypted: string | null;
    accessTokenExpiresAt: Date | null;
    scope: string | null;
  },
) {
  const now = new Date();
  await db
    .insert(integrations)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [integrations.userId, integrations.type],
      set: { ...values, revokedAt: null, updatedAt: now },
    });
}

/** Stores refreshed tokens (a service that rotates refresh tokens gives a new one; others keep theirs). */
export async function updateTokens(
  db: Db,
  id: string,
  values: { accessTokenEncrypted: string; refreshTokenEncrypted?: string; accessTokenExpiresAt: Date | null },
) {
  await db
    .update(integrations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(integrations.id, id));
}

export async function markRevoked(db: Db, id: string) {
  await db.update(integrations).set({ revokedAt: new Date(), updatedAt: new Date() }).where(eq(integrations.id, id));
}

export async function deleteConnection(db: Db, id: string) {
  await db.delete(integrations).where(eq(integrations.id, id));
}

export async function insertAuthorization(
  db: Db,
  values: { userId: string; type: IntegrationType; stateHash: string; codeVerifierEncrypted: string; expiresAt: Date },
) {
  // Abandoned popups leave rows behind: a user's expired ones go whenever they start another.
  await db
    .delete(integrationAuthorizations)
    .where(
      and(eq(integrationAuthorizations.userId, values.userId), lt(integrationAuthorizations.expiresAt, new Date())),
    );
  await db.insert(integrationAuthorizations).values(values);
}

/** Spends a live, unused state of the service by one conditional update: a state works once, for its service. */
export async function spendAuthorization(db: Db, params: { stateHash: string; type: IntegrationType; now: Date }) {
  const [row] = await db
    .update(integrationAuthorizations)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(integrationAuthorizations.stateHash, params.stateHash),
        eq(integrationAuthorizations.type, params.type),
        isNull(integrationAuthorizations.usedAt),
        gt(integrationAuthorizations.expiresAt, params.now),
      ),
    )
    .returning();
  return row;
}
