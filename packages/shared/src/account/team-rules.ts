/**
 * The team's pure rules (spec part 2, sections 5 and 6), the same in the browser and on the server: who may add,
 * promote and remove members, and how the member table sorts by default.
 */
import type { PlanType, TeamRole } from '../api/constants.js';

/** The people of a team as the rules see them. */
export interface TeamViewer {
  id: string;
  teamId: string | null;
  role: TeamRole | null;
}

/** A row of the member table: a member or a pending invitation (whose id is the invitation's). */
export interface TeamRow {
  id: string;
  role: TeamRole;
}

/** The most members' e-mails one Add Team Member form sends. */
export const MAX_TEAM_INVITES = 20;

/** An invitation's link lives 7 days. */
export const TEAM_INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Roles by rank: the default order is 'role descending' (owner first). */
export const TEAM_ROLE_RANK: Record<TeamRole, number> = { owner: 3, admin: 2, user: 1 };

/**
 * 'Team add button disabled for role user and for an owner not on Business': the owner on Business (or an account
 * alone on Business, which becomes a team's owner on its first invitation) and the team's admins may add members.
 */
export function canAddTeamMembers(viewer: TeamViewer, ownerPlan: PlanType): boolean {
  if (viewer.role === 'user') return false;
  return ownerPlan === 'business';
}

/** Only the owner changes roles, and never the owner's own. */
export function canChangeTeamRole(viewer: TeamViewer, row: TeamRow): boolean {
  return viewer.role === 'owner' && row.role !== 'owner';
}

/**
 * 'Team row checkbox selectable only if the row is not self or owner, and the viewer is owner, or the viewer is admin
 * and the row is a user.'
 */
export function canRemoveTeamRow(viewer: TeamViewer, row: TeamRow): boolean {
  if (row.id === viewer.id || row.role === 'owner') return false;
  return viewer.role === 'owner' || (viewer.role === 'admin' && row.role === 'user');
}
