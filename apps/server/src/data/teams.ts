import type { TeamRole } from '@esign/shared';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { documents, teamInvitations, teams, users } from '../platform/db/schema.js';
import { avatarUrlOf } from './users.js';

export type TeamRow = typeof teams.$inferSelect;
export type InvitationRow = typeof teamInvitations.$inferSelect;

export async function findTeam(db: Db, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  return row;
}

/** Locks the team's row: joins, removals and role changes of one team run one at a time. */
export async function lockTeam(db: Db, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update').limit(1);
  return row;
}

/** The owner's team, made on the owner's first invitation (the owner becomes its member of role 'owner'). */
export async function ensureTeamOf(db: Db, ownerId: string): Promise<TeamRow> {
  await db.insert(teams).values({ ownerId }).onConflictDoNothing({ target: teams.ownerId });
  const [team] = await db.select().from(teams).where(eq(teams.ownerId, ownerId)).for('update').limit(1);
  if (!team) throw new Error('the team was not made');
  await joinTeam(db, { teamId: team.id, userId: ownerId, role: 'owner' });
  return team;
}

/** Puts a user in a team with a role; their documents (and templates) become the team's. */
export async function joinTeam(db: Db, params: { teamId: string; userId: string; role: TeamRole }): Promise<void> {
  await db.update(users).set({ teamId: params.teamId, teamRole: params.role }).where(eq(users.id, params.userId));
  await db
    .update(documents)
    .set({ teamId: params.teamId })
    .where(and(eq(documents.userId, params.userId), sql`${documents.teamId} is distinct from ${params.teamId}`));
  await bumpMembers(db, params.teamId);
}

/**
 * Takes members out of a team: their documents and templates are given to the team's owner (the owner-change trigger
 * keeps their team), and they are accounts alone again.
 */
export async function removeMembers(db: Db, params: { teamId: string; ownerId: string; userIds: string[] }) {
  if (params.userIds.length === 0) return;
  await db.update(documents).set({ userId: params.ownerId }).where(inArray(documents.userId, params.userIds));
  await db
    .update(users)
    .set({ teamId: null, teamRole: null })
    .where(and(inArray(users.id, params.userIds), eq(users.teamId, params.teamId)));
  await bumpMembers(db, params.teamId);
}

export async function setMemberRole(db: Db, params: { teamId: string; userId: string; role: TeamRole }) {
  const [row] = await db
    .update(users)
    .set({ teamRole: params.role })
    .where(and(eq(users.id, params.userId), eq(users.teamId, params.teamId), ne(users.teamRole, 'owner')))
    .returning({ id: users.id });
  if (row) await bumpMembers(db, params.teamId);
  return row !== undefined;
}

async function bumpMembers(db: Db, teamId: string) {
  await db
    .update(teams)
    .set({ membersVersion: sql`${teams.membersVersion} + 1` })
    .where(eq(teams.id, teamId));
}

export async function listMembers(db: Db, teamId: string) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatarKey: users.avatarKey,
      role: users.teamRole,
    })
    .from(users)
    .where(eq(users.teamId, teamId));
  return rows.map(({ avatarKey, role, ...row }) => ({
    ...row,
    avatarUrl: avatarUrlOf({ id: row.id, avatarKey }),
    role: role ?? 'user',
    isPending: false,
  }));
}

export async function listPendingInvitations(db: Db, teamId: string, now: Date) {
  return db
    .select({ id: teamInvitations.id, email: teamInvitations.email })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), gt(teamInvitations.expiresAt, now)));
}

/** One pending invitation per team and address: inviting again renews it (a new link, 7 more days). */
export async function upsertInvitation(
  db: Db,
  values: { teamId: string; email: string; invitedBy: string; expiresAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(teamInvitations)
    .values(values)
    .onConflictDoUpdate({
      target: [teamInvitations.teamId, teamInvitations.email],
      set: { invitedBy: values.invitedBy, expiresAt: values.expiresAt, tokenHash: null },
    })
    .returning({ id: teamInvitations.id });
  if (!row) throw new Error('the invitation was not stored');
  return row.id;
}

export async function findInvitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.id, id)).limit(1);
  return row;
}

export async function setInvitationToken(db: Db, params: { id: string; tokenHash: string }): Promise<void> {
  await db.update(teamInvitations).set({ tokenHash: params.tokenHash }).where(eq(teamInvitations.id, params.id));
}

/** Spends a live invitation of the team by its token's hash, in one statement: a link works once. */
export async function spendInvitation(db: Db, params: { teamId: string; tokenHash: string; now: Date }) {
  const [row] = await db
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, params.teamId),
        eq(teamInvitations.tokenHash, params.tokenHash),
        gt(teamInvitations.expiresAt, params.now),
      ),
    )
    .returning();
  return row;
}

/** A live invitation of the team by its token's hash, without spending it. */
export async function peekInvitation(db: Db, params: { teamId: string; tokenHash: string; now: Date }) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, params.teamId),
        eq(teamInvitations.tokenHash, params.tokenHash),
        gt(teamInvitations.expiresAt, params.now),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteInvitations(db: Db, params: { teamId: string; ids: string[] }) {
  return db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.teamId, params.teamId), inArray(teamInvitations.id, params.ids)))
    .returning({ id: teamInvitations.id });
}

/** The team's members among `ids` (user ids), with their roles. */
export async function findMembers(db: Db, params: { teamId: string; ids: string[] }) {
  return db
    .select({ id: users.id, role: users.teamRole })
    .from(users)
    .where(and(eq(users.teamId, params.teamId), inArray(users.id, params.ids)));
}

/** How many people the team has (its owner included). */
export async function countMembers(db: Db, teamId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.teamId, teamId));
  return Number(row?.n ?? 0);
}
