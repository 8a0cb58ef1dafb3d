import { z } from 'zod';
import { MAX_TEAM_INVITES } from '../account/team-rules.js';
import { TEAM_ROLES } from '../api/constants.js';
import { ROUTES } from '../api/routes.js';
import { email, linkToken, newPassword, personName } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { messageResponse, tokenPair } from './auth.js';
import { user } from './user.js';

/**
 * Teams (spec part 2, sections 2, 4, 5, 6 and 7): the owner of a Business account and its admins invite people by
 * e-mail; an invitation becomes a member when its link is followed. A row of the member table is a member or a
 * pending invitation (`isPending`, its id the invitation's).
 */
export const teamMember = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
  isPending: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const TEAM_ORDERING_KEYS = ['name', 'email', 'role'] as const;
export type TeamOrderingKey = (typeof TEAM_ORDERING_KEYS)[number];

export const teamMembersQuery = z.object({
  orderingKey: z.enum(TEAM_ORDERING_KEYS).default('role'),
  orderingDirection: z.enum(['ASC', 'DESC']).default('DESC'),
});
export const teamMembers = {
  ...ROUTES.teamMembers,
  querystring: teamMembersQuery,
  response: z.object({ teamId: z.string().uuid().nullable(), items: z.array(teamMember) }),
} as const;

/** The Add Team Member form: one e-mail row or more, no two alike. */
export const addTeamMembersRequest = z
  .object({ emails: z.array(email).min(1, MESSAGES.required).max(MAX_TEAM_INVITES) })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.emails.forEach((address, index) => {
      const key = address.trim().toLowerCase();
      if (seen.has(key))
        context.addIssue({ code: 'custom', path: ['emails', index], message: MESSAGES.emailsIdentical });
      seen.add(key);
    });
  });
export type AddTeamMembersRequest = z.input<typeof addTeamMembersRequest>;
export const addTeamMembers = {
  ...ROUTES.addTeamMembers,
  body: addTeamMembersRequest,
  response: messageResponse,
} as const;

/**
 * GET teams/seats: the team's people (members and pending invitations, its owner included), how many its plan covers
 * (-1: no limit) and, when more can be bought, what one more costs now (prorated) and each period: the Add Team
 * Member modal says it before the invitations are sent.
 */
export const teamSeats = {
  ...ROUTES.teamSeats,
  response: z.object({
    people: z.number().int(),
    covered: z.number().int(),
    nextSeat: z
      .object({ perSeatCents: z.number().int(), chargeCents: z.number().int(), label: z.enum(['/mo', '/yr']) })
      .nullable(),
  }),
} as const;

/** Members' user ids or pending invitations' ids, removed together. */
export const deleteTeamMembers = {
  ...ROUTES.deleteTeamMembers,
  body: z.object({ ids: z.array(z.string().uuid()).min(1).max(100) }),
  response: messageResponse,
} as const;

const memberParams = z.object({ userId: z.string().uuid() });
export const upgradeTeamMember = {
  ...ROUTES.upgradeTeamMember,
  params: memberParams,
  response: messageResponse,
} as const;
export const downgradeTeamMember = {
  ...ROUTES.downgradeTeamMember,
  params: memberParams,
  response: messageResponse,
} as const;

/**
 * POST teams/{teamId}/accept_invite {token}: the link's token joins the account of the invited address to the team.
 * When that address has no account yet the answer is `account_needed` and the page asks for a name and a password,
 * sent again with the token: the account is made (its address is proven by the link), joins, and is signed in
 * (`session`, that answer only: an account that existed signs in as usual).
 */
export const acceptTeamInviteRequest = z.object({
  token: linkToken,
  name: personName.optional(),
  password: newPassword.optional(),
});
export type AcceptTeamInviteRequest = z.input<typeof acceptTeamInviteRequest>;
export const acceptTeamInvite = {
  ...ROUTES.acceptTeamInvite,
  params: z.object({ teamId: z.string().uuid() }),
  body: acceptTeamInviteRequest,
  response: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('accepted'),
      message: z.string(),
      session: tokenPair.extend({ user }).optional(),
    }),
    z.object({ status: z.literal('account_needed'), email: z.string(), teamOwnerName: z.string() }),
  ]),
} as const;
