import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { ssoDomains, ssoLogins, ssoProviders } from '../platform/db/schema.js';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;
export type SsoLoginRow = typeof ssoLogins.$inferSelect;

/** The account's provider and its domains (sorted), if it set one. */
export async function findSsoProvider(db: Db, ownerId: string) {
  const [provider] = await db.select().from(ssoProviders).where(eq(ssoProviders.ownerId, ownerId)).limit(1);
  if (!provider) return undefined;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.ownerId, ownerId))
    .orderBy(ssoDomains.domain);
  return { ...provider, domains: domains.map((row) => row.domain) };
}

/** The provider covering an e-mail domain, with its owner. */
export async function findSsoProviderByDomain(db: Db, domain: string): Promise<SsoProviderRow | undefined> {
  const [row] = await db
    .select({ provider: ssoProviders })
    .from(ssoDomains)
    .innerJoin(ssoProviders, eq(ssoProviders.ownerId, ssoDomains.ownerId))
    .where(eq(ssoDomains.domain, domain))
    .limit(1);
  return row?.provider;
}

/** The domains of `domains` another account covers already. */
export async function findDomainsOfOthers(db: Db, params: { ownerId: string; domains: string[] }) {
  if (params.domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, params.domains), ne(ssoDomains.ownerId, params.ownerId)));
  return rows.map((row) => row.domain);
}

/**
 * Writes the account's provider and replaces its domains (in the caller's transaction). A domain another account
 * took meanwhile fails the insert on its primary key, which the caller answers as a conflict.
 */
export async function saveSsoProvider(
  db: Db,
  values: Omit<SsoProviderRow, 'updatedAt'> & { domains: string[]; updatedAt: Date },
): Promise<void> {
  const { domains, ...provider } = values;
  await db
    .insert(ssoProviders)
    .values(provider)
    .onConflictDoUpdate({
      target: ssoProviders.ownerId,
      set: {
        issuerUrl: provider.issuerUrl,
        clientId: provider.clientId,
        clientSecretSealed: provider.clientSecretSealed,
        isRequired: provider.isRequired,
        updatedAt: provider.updatedAt,
      },
    });
  await db.delete(ssoDomains).where(eq(ssoDomains.ownerId, provider.ownerId));
  await db.insert(ssoDomains).values(domains.map((domain) => ({ domain, ownerId: provider.ownerId })));
}

/** Removes the account's provider (its domains and sign-ins in progress with it). */
export async function deleteSsoProvider(db: Db, ownerId: string): Promise<void> {
  await db.delete(ssoProviders).where(eq(ssoProviders.ownerId, ownerId));
}

export async function insertSsoLogin(db: Db, values: typeof ssoLogins.$inferInsert): Promise<void> {
  await db.insert(ssoLogins).values(values);
}

/** Spends a browser's sign-in once (the provider's answer), if it is live; undefined otherwise. */
export async function spendSsoLogin(db: Db, params: { browserHash: string; now: Date }) {
  const [row] = await db
    .update(ssoLogins)
    .set({ usedAt: params.now })
    .where(
      and(eq(ssoLogins.browserHash, params.browserHash), isNull(ssoLogins.usedAt), gt(ssoLogins.expiresAt, params.now)),
    )
    .returning();
  return row;
}

/** A checked sign-in's hand-off: the SHA-256 of the code the browser exchanges, and whose it is. */
export async function setSsoHandoff(db: Db, params: { id: string; handoffHash: string; userId: string }) {
  await db
    .update(ssoLogins)
    .set({ handoffHash: params.handoffHash, userId: params.userId })
    .where(eq(ssoLogins.id, params.id));
}

/** Spends a hand-off code once, while its sign-in is live; its user and the sign-in's address. */
export async function spendSsoHandoff(db: Db, params: { handoffHash: string; now: Date }) {
  const [row] = await db
    .update(ssoLogins)
    .set({ handoffUsedAt: params.now })
    .where(
      and(
        eq(ssoLogins.handoffHash, params.handoffHash),
        isNull(ssoLogins.handoffUsedAt),
        gt(ssoLogins.expiresAt, params.now),
      ),
    )
    .returning({ id: ssoLogins.id, userId: ssoLogins.userId, email: ssoLogins.email, ip: ssoLogins.ip });
  return row?.userId ? { ...row, userId: row.userId } : undefined;
}
