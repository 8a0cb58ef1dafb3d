import {
  type AcceptTeamInviteRequest,
  canAddTeamMembers,
  canChangeTeamRole,
  canRemoveTeamRow,
  MESSAGES,
  TEAM_INVITE_TTL_SECONDS,
  TEAM_ROLE_RANK,
  type TeamMember,
  type TeamOrderingKey,
  type TeamRole,
} from '@esign/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import * as authRepo from '../auth/auth.repository.js';
import { hashPassword } from '../auth/auth.service.js';
import { hashToken } from '../auth/tokens.js';
import {
  confirmEmailOnce,
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
} from '../users/users.repository.js';
import type { TeamMailJobs } from './teams.mails.js';
import * as repo from './teams.repository.js';

/**
 * Charges the seats a team gains (billing's part: the spec's added-user charge). Called inside the transaction that
 * stores the invitations, so a refused charge stores nothing.
 */
export interface SeatBilling {
  chargeAddedSeats(tx: Db, params: { ownerId: string; added: number }): Promise<void>;
}

interface Deps {
  db: Db;
  jobs: JobQueue;
  mails: TeamMailJobs;
  now: () => Date;
  seats?: SeatBilling;
}

const noAccess = () => new AppError('FORBIDDEN', MESSAGES.noAccess);
const memberNotFound = () => new AppError('NOT_FOUND', MESSAGES.teamMemberNotFound);
const inviteInvalid = () => new AppError('LINK_INVALID', MESSAGES.inviteInvalid);

/** The member table's order: the chosen column, then name, so equal keys keep one order. */
function compareMembers(key: TeamOrderingKey, direction: 'ASC' | 'DESC') {
  const sign = direction === 'ASC' ? 1 : -1;
  const sortValue = (row: TeamMember) =>
    key === 'role' ? TEAM_ROLE_RANK[row.role] : (key === 'name' ? row.name : row.email).toLowerCase();
  return (a: TeamMember, b: TeamMember) => {
    const [x, y] = [sortValue(a), sortValue(b)];
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.name.localeCompare(b.name) || a.email.localeCompare(b.email);
  };
}

/** Teams: the member table, invitations and their acceptance, roles, removal. */
export function teamService(deps: Deps) {
  const { db, jobs, mails, now } = deps;

  /** The caller read again inside the transaction, with the team's row locked (joins and removals wait). */
  async function lockedViewer(tx: Db, userId: string) {
    const viewer = await findUserById(tx, userId);
    if (!viewer) throw noAccess();
    const team = viewer.teamId ? await repo.lockTeam(tx, viewer.teamId) : undefined;
    return { viewer, team };
  }

  /** The plan that decides what the team may do: its owner's. */
  async function ownerPlanOf(tx: Db, viewer: UserRow, ownerId: string | undefined) {
    if (!ownerId || ownerId === viewer.id) return viewer.planType;
    return (await findUserById(tx, ownerId))?.planType ?? 'free';
  }

  return {
    async members(input: { user: UserRow; orderingKey: TeamOrderingKey; orderingDirection: 'ASC' | 'DESC' }) {
      const teamId = input.user.teamId;
      if (!teamId) return { teamId: null, items: [] };
      const [members, invitations] = await Promise.all([
        repo.listMembers(db, teamId),
        repo.listPendingInvitations(db, teamId, now()),
      ]);
      const pending = invitations.map(
        (row): TeamMember => ({ ...row, name: '', avatarUrl: null, role: 'user', isPending: true }),
      );
      const items = [...members, ...pending].sort(compareMembers(input.orderingKey, input.orderingDirection));
      return { teamId, items };
    },

    /**
     * Invites people by e-mail: the owner on Business and the team's admins may. The first invitation makes the
     * owner's team. Addresses already in the team are left out; the others get a link each (a new one if invited
     * before) and the team's added seats are charged.
     */
    async addMembers(input: { userId: string; emails: string[] }) {
      await jobs.transaction(db, async (tx, queue) => {
        const locked = await lockedViewer(tx, input.userId);
        const { viewer } = locked;
        const role: TeamRole = viewer.teamRole ?? 'owner';
        const plan = await ownerPlanOf(tx, viewer, locked.team?.ownerId);
        if (!canAddTeamMembers({ id: viewer.id, teamId: viewer.teamId, role }, plan)) {
          throw role === 'user' ? noAccess() : new AppError('FORBIDDEN', MESSAGES.teamNeedsBusiness);
        }
        const team = locked.team ?? (await repo.ensureTeamOf(tx, viewer.id));
        const members = new Set((await repo.listMembers(tx, team.id)).map((member) => member.email.toLowerCase()));
        const pending = new Set((await repo.listPendingInvitations(tx, team.id, now())).map((row) => row.email));
        const emails = [...new Set(input.emails.map((email) => email.trim().toLowerCase()))].filter(
          (email) => !members.has(email),
        );
        const added = emails.filter((email) => !pending.has(email)).length;
        if (added > 0) await deps.seats?.chargeAddedSeats(tx, { ownerId: team.ownerId, added });
        const expiresAt = new Date(now().getTime() + TEAM_INVITE_TTL_SECONDS * 1000);
        for (const email of emails) {
          const invitationId = await repo.upsertInvitation(tx, {
            teamId: team.id,
            email,
            invitedBy: viewer.id,
            expiresAt,
          });
          await queue(mails.invitationMail, { invitationId });
        }
      });
      return { message: MESSAGES.invitesSent };
    },

    /** The owner makes a user an admin or an admin a user; the owner's own role never changes. */
    async changeRole(input: { userId: string; memberId: string; role: 'admin' | 'user' }) {
      await db.transaction(async (tx) => {
        const { viewer, team } = await lockedViewer(tx, input.userId);
        if (!team) throw memberNotFound();
        const [member] = await repo.findMembers(tx, { teamId: team.id, ids: [input.memberId] });
        if (!member?.role) throw memberNotFound();
        const viewerRow = { id: viewer.id, teamId: viewer.teamId, role: viewer.teamRole };
        if (!canChangeTeamRole(viewerRow, { id: member.id, role: member.role })) throw noAccess();
        await repo.setMemberRole(tx, { teamId: team.id, userId: member.id, role: input.role });
      });
      return { message: input.role === 'admin' ? MESSAGES.memberUpgraded : MESSAGES.memberDowngraded };
    },

    /**
     * Removes members and pending invitations under the checkbox rule (the owner any but themself; an admin users
     * only). A removed member's documents and templates stay with the team (given to its owner), and every session
     * of theirs ends.
     */
    async removeMembers(input: { userId: string; ids: string[] }) {
      const current = now();
      await db.transaction(async (tx) => {
        const { viewer, team } = await lockedViewer(tx, input.userId);
        if (!team || viewer.teamRole === 'user' || !viewer.teamRole) throw noAccess();
        const viewerRow = { id: viewer.id, teamId: viewer.teamId, role: viewer.teamRole };
        const members = await repo.findMembers(tx, { teamId: team.id, ids: input.ids });
        for (const member of members) {
          if (!canRemoveTeamRow(viewerRow, { id: member.id, role: member.role ?? 'user' })) throw noAccess();
        }
        const memberIds = new Set(members.map((member) => member.id));
        const invitationIds = input.ids.filter((id) => !memberIds.has(id));
        const invitations = await repo.deleteInvitations(tx, { teamId: team.id, ids: invitationIds });
        if (memberIds.size + invitations.length < input.ids.length) throw memberNotFound();
        await repo.removeMembers(tx, { teamId: team.id, ownerId: team.ownerId, userIds: [...memberIds] });
        for (const userId of memberIds) {
          await authRepo.endSessions(tx, { userId, now: current });
          await authRepo.revokeRefreshTokens(tx, { userId, now: current });
        }
      });
      return { message: MESSAGES.memberDeleted };
    },

    /**
     * Follows an invitation's link: the account of the invited address joins the team, and the link is spent. An
     * address without an account gets `account_needed` first; sent again with a name and a password, the account is
     * made (confirmed: the link proves the address) and joins.
     */
    async acceptInvite(input: { teamId: string } & AcceptTeamInviteRequest) {
      const current = now();
      const tokenHash = hashToken(input.token);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return db.transaction(async (tx) => {
        const team = await repo.lockTeam(tx, input.teamId);
        const invitation = team && (await repo.peekInvitation(tx, { teamId: team.id, tokenHash, now: current }));
        if (!team || !invitation) throw inviteInvalid();
        let user = await findUserByEmail(tx, invitation.email);
        if (!user) {
          if (!input.name || !passwordHash) {
            const owner = await findUserById(tx, team.ownerId);
            return { status: 'account_needed' as const, email: invitation.email, teamOwnerName: owner?.name ?? '' };
          }
          const created = await insertUser(tx, { name: input.name, email: invitation.email, passwordHash });
          user = created && (await findUserById(tx, created.id));
          if (!user) throw inviteInvalid();
        }
        if (user.teamId && user.teamId !== team.id) throw new AppError('CONFLICT', MESSAGES.alreadyInAnotherTeam);
        if (!(await repo.spendInvitation(tx, { teamId: team.id, tokenHash, now: current }))) throw inviteInvalid();
        await confirmEmailOnce(tx, { userId: user.id, at: current });
        if (user.teamId !== team.id) await repo.joinTeam(tx, { teamId: team.id, userId: user.id, role: 'user' });
        return { status: 'accepted' as const, message: MESSAGES.inviteAccepted };
      });
    },
  };
}
export type TeamService = ReturnType<typeof teamService>;
