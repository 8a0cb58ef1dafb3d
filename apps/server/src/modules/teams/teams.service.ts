import {
  type AcceptTeamInviteRequest,
  isBusinessAccount,
  MESSAGES,
  TEAM_INVITE_TTL_SECONDS,
  TEAM_ROLE_RANK,
  type TeamMember,
  type TeamOrderingKey,
  type TeamRole,
  type TokenPair,
} from '@esign/shared';
import { claimUnconfirmedAccount } from '../../data/claim-account.js';
import * as authRepo from '../../data/sessions.js';
import * as repo from '../../data/teams.js';
import {
  confirmEmailOnce,
  findUserByEmail,
  findUserById,
  insertUser,
  toUserDto,
  type UserRow,
} from '../../data/users.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { SocketAccess } from '../../platform/realtime.js';
import { type Action, accountOf, can, memberActor, teamMemberOf } from '../access/index.js';
import type { SeatBilling } from './seats.js';
import type { TeamMailJobs } from './teams.mails.js';

interface Deps {
  db: Db;
  jobs: JobQueue;
  mails: TeamMailJobs;
  now: () => Date;
  seats: SeatBilling;
  /** The open sockets a role change narrows or widens and a removal closes. */
  sockets: SocketAccess;
  /** A new session of a user (the account 'Create account and join' made is signed in). */
  startSession: (userId: string) => Promise<TokenPair>;
}

const noAccess = () => new AppError('FORBIDDEN', MESSAGES.noAccess);

/** The policy's action that removes a member of each role. */
const REMOVE: Record<TeamRole, Action> = {
  user: 'team.removeUser',
  admin: 'team.removeAdmin',
  owner: 'team.removeOwner',
};

/** The inviting user as the policy's actor: a row in a team without a role is taken as its owner's, as ever. */
function inviter(viewer: { id: string; teamId: string | null; teamRole: TeamRole | null }) {
  return memberActor({ ...viewer, teamRole: viewer.teamRole ?? 'owner' });
}
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

  /** The account that decides what the team may do and pays for its seats: its owner's. */
  async function ownerOf(tx: Db, viewer: UserRow, ownerId: string | undefined): Promise<UserRow> {
    if (!ownerId || ownerId === viewer.id) return viewer;
    const owner = await findUserById(tx, ownerId);
    if (!owner) throw noAccess();
    return owner;
  }

  /** The team's people now: members (the owner included) and live invitations. */
  async function peopleOf(tx: Db, teamId: string | undefined) {
    if (!teamId) return { members: new Set<string>(), pending: new Set<string>() };
    const members = (await repo.listMembers(tx, teamId)).map((member) => member.email.toLowerCase());
    const pending = (await repo.listPendingInvitations(tx, teamId, now())).map((row) => row.email);
    return { members: new Set(members), pending: new Set(pending) };
  }

  /**
   * One try of an invitation: in one transaction, with the team's row locked, either stores the invitations (when
   * the owner's plan covers everyone) or answers how many seats to buy first.
   */
  async function tryInvite(userId: string, emails: string[]) {
    return jobs.transaction(db, async (tx, queue) => {
      const locked = await lockedViewer(tx, userId);
      const { viewer } = locked;
      const owner = await ownerOf(tx, viewer, locked.team?.ownerId);
      const plan = isBusinessAccount(owner) ? 'business' : owner.planType;
      if (!can(inviter(viewer), 'team.invite', accountOf(viewer))) throw noAccess();
      if (plan !== 'business') throw new AppError('FORBIDDEN', MESSAGES.teamNeedsBusiness);
      const { members, pending } = await peopleOf(tx, locked.team?.id);
      const invited = emails.filter((email) => !members.has(email) && email !== owner.email.toLowerCase());
      const people = Math.max(members.size, 1) + new Set([...pending, ...invited]).size;
      const cover = await deps.seats.cover(tx, owner);
      if (cover.covered >= 0 && people > cover.covered) {
        if (!cover.isBilled) throw new AppError('PAYMENT_FAILED', MESSAGES.teamSeatsNeedCard);
        return { buy: { ownerId: owner.id, quantity: people, key: `${cover.purchaseKey}:${people}` } };
      }
      const team = locked.team ?? (await repo.ensureTeamOf(tx, viewer.id));
      const expiresAt = new Date(now().getTime() + TEAM_INVITE_TTL_SECONDS * 1000);
      for (const email of invited) {
        const invitationId = await repo.upsertInvitation(tx, {
          teamId: team.id,
          email,
          invitedBy: viewer.id,
          expiresAt,
        });
        await queue(mails.invitationMail, { invitationId });
      }
      return { buy: null };
    });
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
      const emails = [...new Set(input.emails.map((email) => email.trim().toLowerCase()))];
      // Seats are bought outside the transaction (the gateway is called), once per period and count, then the
      // invitations are stored; a concurrent invitation may need one more round.
      for (let round = 0; round < 3; round += 1) {
        const { buy } = await tryInvite(input.userId, emails);
        if (!buy) return { message: MESSAGES.invitesSent };
        await deps.seats.setSeats(buy);
      }
      throw new AppError('CONFLICT', MESSAGES.tryAgain);
    },

    /**
     * What one more member costs the team now: the people it has (members and invitations), how many its plan
     * covers (-1: no limit), and when more can be bought, the price of one more for the rest of the period.
     */
    async seats(input: { userId: string }) {
      const viewer = await findUserById(db, input.userId);
      if (!viewer) throw noAccess();
      const team = viewer.teamId ? await repo.findTeam(db, viewer.teamId) : undefined;
      const owner = await ownerOf(db, viewer, team?.ownerId);
      if (!isBusinessAccount(owner)) return { people: 1, covered: 1, nextSeat: null };
      const { members, pending } = await peopleOf(db, team?.id);
      const cover = await deps.seats.cover(db, owner);
      const nextSeat = cover.isBilled ? await deps.seats.preview({ ownerId: owner.id, seats: 1 }) : null;
      return { people: Math.max(members.size, 1) + pending.size, covered: cover.covered, nextSeat };
    },

    /** The owner makes a user an admin or an admin a user; the owner's own role never changes. */
    async changeRole(input: { userId: string; memberId: string; role: 'admin' | 'user' }) {
      const teamId = await db.transaction(async (tx) => {
        const { viewer, team } = await lockedViewer(tx, input.userId);
        if (!team) throw memberNotFound();
        const [member] = await repo.findMembers(tx, { teamId: team.id, ids: [input.memberId] });
        if (!member?.role) throw memberNotFound();
        if (!can(memberActor(viewer), 'team.changeRole', teamMemberOf(member, team.id))) throw noAccess();
        await repo.setMemberRole(tx, { teamId: team.id, userId: member.id, role: input.role });
        return team.id;
      });
      // The member's open sockets hear the team's documents exactly while the policy lets them view them.
      deps.sockets.setTeamRoom({ userId: input.memberId, teamId, isIn: input.role === 'admin' });
      return { message: input.role === 'admin' ? MESSAGES.memberUpgraded : MESSAGES.memberDowngraded };
    },

    /**
     * Removes members and pending invitations under the checkbox rule (the owner any but themself; an admin users
     * only). A removed member's documents and templates stay with the team (given to its owner), and every session
     * of theirs ends.
     */
    async removeMembers(input: { userId: string; ids: string[] }) {
      const current = now();
      const removed = await db.transaction(async (tx) => {
        const { viewer, team } = await lockedViewer(tx, input.userId);
        const actor = memberActor(viewer);
        if (!team || !can(actor, 'team.removeUser', accountOf(viewer))) throw noAccess();
        const members = await repo.findMembers(tx, { teamId: team.id, ids: input.ids });
        for (const member of members) {
          if (!can(actor, REMOVE[member.role ?? 'user'], teamMemberOf(member, team.id))) throw noAccess();
        }
        const memberIds = new Set(members.map((member) => member.id));
        const invitationIds = input.ids.filter((id) => !memberIds.has(id));
        const invitations = await repo.deleteInvitations(tx, { teamId: team.id, ids: invitationIds });
        if (memberIds.size + invitations.length < input.ids.length) throw memberNotFound();
        await repo.removeMembers(tx, { teamId: team.id, ownerId: team.ownerId, userIds: [...memberIds] });
        // The seats freed: the next renewal charges the people left; an invitation's seat never taken is credited.
        const left = await peopleOf(tx, team.id);
        const people = Math.max(left.members.size, 1) + left.pending.size;
        await deps.seats.release(tx, team.ownerId, { people, untakenSeats: invitations.length });
        for (const userId of memberIds) {
          await authRepo.endSessions(tx, { userId, now: current });
          await authRepo.revokeRefreshTokens(tx, { userId, now: current });
        }
        return [...memberIds];
      });
      for (const userId of removed) deps.sockets.endSessions({ userId });
      return { message: MESSAGES.memberDeleted };
    },

    /**
     * Follows an invitation's link: the account of the invited address joins the team, and the link is spent. An
     * address without a confirmed account gets `account_needed` first; sent again with a name and a password, the
     * account is made, or an unconfirmed one is taken over (claimUnconfirmedAccount: whoever signed the address up
     * without its mail loses the password and sessions), confirmed (the link proves the address), and joins.
     */
    async acceptInvite(input: { teamId: string } & AcceptTeamInviteRequest) {
      const current = now();
      const tokenHash = hashToken(input.token);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const answer = await db.transaction(async (tx) => {
        const team = await repo.lockTeam(tx, input.teamId);
        const invitation = team && (await repo.peekInvitation(tx, { teamId: team.id, tokenHash, now: current }));
        if (!team || !invitation) throw inviteInvalid();
        let user = await findUserByEmail(tx, invitation.email);
        // Made or taken over in this call, with the password just chosen: signed in at once (below).
        const isNew = !user?.emailConfirmedAt;
        if (!user?.emailConfirmedAt) {
          if (!input.name || !passwordHash) {
            const owner = await findUserById(tx, team.ownerId);
            return { status: 'account_needed' as const, email: invitation.email, teamOwnerName: owner?.name ?? '' };
          }
          const account = { name: input.name, passwordHash };
          if (user) await claimUnconfirmedAccount(tx, { userId: user.id, at: current, ...account });
          const userId = user?.id ?? (await insertUser(tx, { ...account, email: invitation.email }))?.id;
          user = userId ? await findUserById(tx, userId) : undefined;
          if (!user) throw inviteInvalid();
        }
        if (user.teamId && user.teamId !== team.id) throw new AppError('CONFLICT', MESSAGES.alreadyInAnotherTeam);
        if (!(await repo.spendInvitation(tx, { teamId: team.id, tokenHash, now: current }))) throw inviteInvalid();
        await confirmEmailOnce(tx, { userId: user.id, at: current });
        if (user.teamId !== team.id) await repo.joinTeam(tx, { teamId: team.id, userId: user.id, role: 'user' });
        return { status: 'accepted' as const, message: MESSAGES.inviteAccepted, ...(isNew ? { newUser: user } : {}) };
      });
      if (answer.status !== 'accepted' || !answer.newUser) return answer;
      // A taken-over account's sockets were the squatter's: they end with the squatter's sessions.
      deps.sockets.endSessions({ userId: answer.newUser.id });
      // Made here with the password just chosen, on the proof of the mailed link: signed in at once.
      const { newUser, ...accepted } = answer;
      const joined = await findUserById(db, newUser.id);
      if (!joined) return accepted;
      return { ...accepted, session: { ...(await deps.startSession(joined.id)), user: toUserDto(joined) } };
    },
  };
}
export type TeamService = ReturnType<typeof teamService>;
