import { z } from 'zod';
import { findSignerWithDocument } from '../../data/documents.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { mailText } from '../../platform/mail/texts.js';

/** The owner hears that a signer opened the document (once per signing-link session), unless they turned it off. */
export function openedMailJobs(deps: { db: Db; mailer: Mailer; appUrl: string }) {
  const openedMail = defineJob({
    name: 'signing.opened-mail',
    payload: z.object({ documentId: z.string().uuid(), signerId: z.string().uuid() }),
    async handler({ documentId, signerId }) {
      const row = await findSignerWithDocument(deps.db, signerId);
      if (!row || row.document.id !== documentId || row.document.deletedAt || row.signer.isPreparer) return;
      const { owner } = row;
      if (!owner.isReceivingOpenedSigning) return;
      const title = row.document.title || mailText('common.untitledDocument');
      await deps.mailer.send(
        renderMail({
          to: owner.email,
          subject: mailText('opened.subject', { signer: row.signer.name, title }),
          greeting: mailText('common.greeting', { name: owner.name }),
          paragraphs: [mailText('opened.body', { signer: row.signer.name, signerEmail: row.signer.email, title })],
          action: { label: mailText('opened.action'), url: `${deps.appUrl}/documents/${documentId}/preview` },
        }),
      );
    },
  });
  return { openedMail };
}
export type OpenedMailJobs = ReturnType<typeof openedMailJobs>;
