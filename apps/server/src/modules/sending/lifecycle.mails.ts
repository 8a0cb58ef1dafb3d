import { expiryDateOf } from '@esign/shared';
import { z } from 'zod';
import { listActivityRows } from '../../data/activity.js';
import { findDocument, listSigners } from '../../data/documents.js';
import { mailBrandingOfOwner } from '../../data/mail-branding.js';
import { findUserById } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { mailText, signerMailText } from '../../platform/mail/texts.js';

interface LifecycleMailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/**
 * The mails of a sent document's end (issue 36), branded as the others: the sender hears of a decline (with the
 * reason) and of an expiry, in English as every mail of theirs; a void reaches every signer already invited, in
 * the document's language. Each job reads the document when it runs and sends nothing if it moved on (extended
 * again, deleted).
 */
export function lifecycleMailJobs(deps: LifecycleMailDeps) {
  const documentUrl = (documentId: string) => `${deps.appUrl}/documents/${documentId}/preview`;

  const declinedMail = defineJob({
    name: 'documents.declined-mail',
    payload: z.object({ documentId: z.string().uuid(), signerId: z.string().uuid(), reason: z.string() }),
    async handler({ documentId, signerId, reason }) {
      const document = await findDocument(deps.db, documentId);
      if (document?.status !== 'declined' || document.deletedAt) return;
      const [owner, signerRows] = await Promise.all([
        findUserById(deps.db, document.userId),
        listSigners(deps.db, documentId),
      ]);
      const signer = signerRows.find((row) => row.id === signerId);
      if (!owner || !signer) return;
      const title = document.title || mailText('common.untitledDocument');
      await deps.mailer.send(
        renderMail({
          to: owner.email,
          branding: await mailBrandingOfOwner(deps.db, document.userId, deps.appUrl),
          subject: mailText('documentLifecycle.declinedSubject', { signer: signer.name, title }),
          greeting: mailText('common.greeting', { name: owner.name }),
          paragraphs: [
            mailText('documentLifecycle.declinedBody', { signer: signer.name, signerEmail: signer.email, title }),
            mailText('documentLifecycle.declinedReason', { reason }),
            mailText('documentLifecycle.declinedAdvice'),
          ],
          action: { label: mailText('documentLifecycle.action'), url: documentUrl(documentId) },
        }),
      );
    },
  });

  /** Every signer invited so far (a `send` named them, or they signed), not the sender, hears it was withdrawn. */
  const voidedMails = defineJob({
    name: 'documents.voided-mails',
    payload: z.object({ documentId: z.string().uuid(), reason: z.string() }),
    async handler({ documentId, reason }) {
      const document = await findDocument(deps.db, documentId);
      if (document?.status !== 'voided' || document.deletedAt) return;
      const [owner, signerRows, activities] = await Promise.all([
        findUserById(deps.db, document.userId),
        listSigners(deps.db, documentId),
        listActivityRows(deps.db, documentId),
      ]);
      if (!owner) return;
      const invited = new Set(activities.filter((row) => row.type === 'send').flatMap((row) => row.signerIds));
      const branding = await mailBrandingOfOwner(deps.db, document.userId, deps.appUrl);
      const language = document.language;
      const title = document.title || signerMailText(language, 'common.untitledDocument');
      for (const signer of signerRows) {
        if (signer.isPreparer || !(invited.has(signer.id) || signer.isFinished)) continue;
        await deps.mailer.send(
          renderMail({
            to: signer.email,
            branding,
            subject: signerMailText(language, 'signerLifecycle.voidedSubject', { title }),
            greeting: signerMailText(language, 'common.greeting', { name: signer.name }),
            paragraphs: [
              signerMailText(language, 'signerLifecycle.voidedBody', { sender: owner.name, title }),
              signerMailText(language, 'signerLifecycle.reason', { reason }),
            ],
          }),
        );
      }
    },
  });

  /** One job per sweep batch: each owner hears of each of their documents that expired (still expired now). */
  const expiredMails = defineJob({
    name: 'documents.expired-mails',
    payload: z.object({ documentIds: z.array(z.string().uuid()) }),
    async handler({ documentIds }) {
      for (const documentId of documentIds) {
        const document = await findDocument(deps.db, documentId);
        if (document?.status !== 'expired' || document.deletedAt || !document.expiresAt) continue;
        const owner = await findUserById(deps.db, document.userId);
        if (!owner) continue;
        const title = document.title || mailText('common.untitledDocument');
        await deps.mailer.send(
          renderMail({
            to: owner.email,
            branding: await mailBrandingOfOwner(deps.db, document.userId, deps.appUrl),
            subject: mailText('documentLifecycle.expiredSubject', { title }),
            greeting: mailText('common.greeting', { name: owner.name }),
            paragraphs: [mailText('documentLifecycle.expiredBody', { title, date: expiryDateOf(document.expiresAt) })],
            action: { label: mailText('documentLifecycle.action'), url: documentUrl(documentId) },
          }),
        );
      }
    },
  });

  return { declinedMail, voidedMails, expiredMails };
}
export type LifecycleMailJobs = ReturnType<typeof lifecycleMailJobs>;
