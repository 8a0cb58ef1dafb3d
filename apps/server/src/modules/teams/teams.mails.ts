import { z } from 'zod';
import { findInvitation, findTeam, setInvitationToken } from '../../data/teams.js';
import { findUserById } from '../../data/users.js';
import { hashToken, randomToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { mailText } from '../../platform/mail/texts.js';

interface MailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
}

export function teamMailJobs(deps: MailDeps) {
  /**
   * The invitation's link. Its token is made here, inside the job, so a raw token exists only in the mail; a retried
   * job (or a new invitation to the same address) makes a fresh one and the older link stops working.
   */
  const invitationMail = defineJob({
    name: 'teams.invitation-mail',
    payload: z.object({ invitationId: z.string().uuid() }),
    async handler({ invitationId }) {
      const invitation = await findInvitation(deps.db, invitationId);
      if (!invitation || invitation.expiresAt <= deps.now()) return;
      const team = await findTeam(deps.db, invitation.teamId);
      const owner = team && (await findUserById(deps.db, team.ownerId));
      if (!team || !owner) return;
      const inviter = (invitation.invitedBy && (await findUserById(deps.db, invitation.invitedBy))) || owner;
      const token = randomToken();
      await setInvitationToken(deps.db, { id: invitation.id, tokenHash: hashToken(token) });
      const url = `${deps.appUrl}/teams/${team.id}/accept_invite?${new URLSearchParams({ invitationToken: token })}`;
      await deps.mailer.send(
        renderMail({
          to: invitation.email,
          subject: mailText('teamInvitation.subject', { inviter: inviter.name }),
          greeting: mailText('common.greetingWithoutName'),
          paragraphs: [
            mailText('teamInvitation.body', { inviter: inviter.name, inviterEmail: inviter.email, owner: owner.name }),
          ],
          action: { label: mailText('teamInvitation.action'), url },
          footer: mailText('teamInvitation.footer'),
        }),
      );
    },
  });

  return { invitationMail };
}
export type TeamMailJobs = ReturnType<typeof teamMailJobs>;
