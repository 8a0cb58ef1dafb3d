import { API_PREFIX } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { linkParam, waitForMail } from './app.js';
import { authClient } from './auth.js';
import { setPlan } from './templates.js';

type Session = { accessToken: string };

/** Thin helpers over the team routes, and a team made through them (invitations mailed and accepted). */
export function teamClient(app: FastifyInstance) {
  const call = (session: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url: `${API_PREFIX}${url}`,
      ...(session ? { headers: { authorization: `Bearer ${session.accessToken}` } } : {}),
      ...(payload ? { payload } : {}),
    });

  /** The invitation link's team id and token, from the newest invitation mail to `email`. */
  async function invitationOf(email: string, after?: number) {
    const mail = await waitForMail(app, email, { subject: /invited you/, ...(after ? { after } : {}) });
    const url = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const teamId = url.pathname.split('/')[2] ?? '';
    return { teamId, token: linkParam(mail, 'invitationToken'), mail };
  }

  const accept = (teamId: string, body: object) => call(null, 'POST', `/teams/${teamId}/accept_invite`, body);

  /** A Business owner and `size` members who accepted (each with a live session); the first `admins` are admins. */
  async function team(size: number, admins = 0) {
    const auth = authClient(app);
    const owner = await auth.loggedInUser();
    await setPlan(app, owner.id, 'business');
    const people = [];
    for (let index = 0; index < size; index += 1) people.push(await auth.loggedInUser());
    const invited = await call(owner, 'POST', '/teams/members', { emails: people.map((person) => person.email) });
    if (invited.statusCode !== 200) throw new Error(`invite failed: ${invited.body}`);
    let teamId = '';
    for (const person of people) {
      const invitation = await invitationOf(person.email);
      teamId = invitation.teamId;
      const accepted = await accept(invitation.teamId, { token: invitation.token });
      if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
    }
    for (const person of people.slice(0, admins)) await call(owner, 'POST', `/teams/${person.id}/upgrade_to_admin`);
    return { owner, members: people, teamId };
  }

  return { call, invitationOf, accept, team };
}
