import {
  acceptTeamInvite,
  addTeamMembers,
  deleteTeamMembers,
  downgradeTeamMember,
  teamMembers,
  teamSeats,
  upgradeTeamMember,
} from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { TeamService } from './teams.service.js';

const asUser = { tags: ['teams'], auth: 'user' } as const;

export async function teamRoutes(app: FastifyInstance, { teams }: { teams: TeamService }) {
  defineRoute(app, teamMembers, asUser, async (request) =>
    teams.members({ user: currentUser(request), ...request.query }),
  );

  defineRoute(app, teamSeats, asUser, async (request) => teams.seats({ userId: currentUser(request).id }));

  defineRoute(app, addTeamMembers, asUser, async (request) =>
    teams.addMembers({ userId: currentUser(request).id, emails: request.body.emails }),
  );

  defineRoute(app, deleteTeamMembers, asUser, async (request) =>
    teams.removeMembers({ userId: currentUser(request).id, ids: request.body.ids }),
  );

  defineRoute(app, upgradeTeamMember, asUser, async (request) =>
    teams.changeRole({ userId: currentUser(request).id, memberId: request.params.userId, role: 'admin' }),
  );

  defineRoute(app, downgradeTeamMember, asUser, async (request) =>
    teams.changeRole({ userId: currentUser(request).id, memberId: request.params.userId, role: 'user' }),
  );

  // The invitation's link is its own proof: anyone holding it, logged in or not.
  defineRoute(app, acceptTeamInvite, { tags: ['teams'], auth: 'none' }, async (request) =>
    teams.acceptInvite({ teamId: request.params.teamId, ...request.body }),
  );
}
