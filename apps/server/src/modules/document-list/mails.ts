import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { documents, users } from '../../platform/db/schema.js';
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

async function documentWithSender(db: Db, documentId: string) {
  const [row] = await db
    .select({ document: documents, senderName: users.name })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.userId))
    .where(eq(documents.id, documentId))
    .limit(1);
  return row;
}

/**
 * Reminder and share mails. A reminder's signing token is made inside the job, so the raw token exists only in
 * the mail (never in a stored job payload); a retried job makes a fresh one.
 */
export function documentListMailJobs(deps: MailDeps) {
  const shareMail = defineJob({
    name: 'documents.share-mail',
    payload: z.object({ documentId: z.string().uuid(), email: z.string().email() }),
    async handler({ documentId, email }) {
      const found = await documentWithSender(deps.db, documentId);
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
export type DocumentListMailJobs = ReturnType<typeof documentListMailJobs>;
