import { z } from 'zod';
import { findDocumentWithSender } from '../../data/document-lists.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { mailText } from '../../platform/mail/texts.js';

interface MailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** The share link of a completed document (see share-links.ts). */
  shareLink: (documentId: string) => string;
}

/**
 * Reminder and share mails. A reminder's signing token is made inside the job, so the raw token exists only in
 * the mail (never in a stored job payload); a retried job makes a fresh one.
 */
export function documentManagementMailJobs(deps: MailDeps) {
  const shareMail = defineJob({
    name: 'documents.share-mail',
    payload: z.object({ documentId: z.string().uuid(), email: z.string().email() }),
    async handler({ documentId, email }) {
      const found = await findDocumentWithSender(deps.db, documentId);
      if (found?.document.status !== 'completed' || found.document.deletedAt) return;
      const title = found.document.title || mailText('share.untitledDocument');
      await deps.mailer.send(
        renderMail({
          to: email,
          subject: mailText('share.subject', { sender: found.senderName, title }),
          greeting: mailText('common.greetingWithoutName'),
          paragraphs: [mailText('share.body', { sender: found.senderName, title })],
          action: { label: mailText('share.action'), url: deps.shareLink(documentId) },
        }),
      );
    },
  });

  return { shareMail };
}
export type DocumentManagementMailJobs = ReturnType<typeof documentManagementMailJobs>;
