import { z } from 'zod';
import { findSignerWithDocument } from '../../data/documents.js';
import { mailBrandingOfOwner } from '../../data/mail-branding.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { mailText } from '../../platform/mail/texts.js';

/**
 * The sender hears that a signer handed their part on (issue 36): who to whom, and the reason. Like the owner's
 * other mails it is in English (the app's language) and carries the company's branding. The people come in the
 * payload, as they were at the hand-over (the signer's row shows only the newest).
 */
export function reassignedMailJobs(deps: { db: Db; mailer: Mailer; appUrl: string }) {
  const reassignedMail = defineJob({
    name: 'signing.reassigned-mail',
    payload: z.object({
      documentId: z.string().uuid(),
      signerId: z.string().uuid(),
      from: z.object({ name: z.string(), email: z.string() }),
      to: z.object({ name: z.string(), email: z.string() }),
      reason: z.string(),
    }),
    async handler({ documentId, signerId, from, to, reason }) {
      const row = await findSignerWithDocument(deps.db, signerId);
      if (!row || row.document.id !== documentId || row.document.deletedAt) return;
      const { owner } = row;
      const title = row.document.title || mailText('common.untitledDocument');
      await deps.mailer.send(
        renderMail({
          to: owner.email,
          branding: await mailBrandingOfOwner(deps.db, row.document.userId, deps.appUrl),
          subject: mailText('signerReassigned.subject', { signer: from.name, title }),
          greeting: mailText('common.greeting', { name: owner.name }),
          paragraphs: [
            mailText('signerReassigned.body', {
              signer: from.name,
              signerEmail: from.email,
              newSigner: to.name,
              newSignerEmail: to.email,
              title,
            }),
            mailText('signerReassigned.reason', { reason }),
          ],
          action: { label: mailText('signerReassigned.action'), url: `${deps.appUrl}/documents/${documentId}/preview` },
        }),
      );
    },
  });
  return { reassignedMail };
}
export type ReassignedMailJobs = ReturnType<typeof reassignedMailJobs>;
