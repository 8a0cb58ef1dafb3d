import { z } from 'zod';
import { findDocument, listSigners } from '../../data/documents.js';
import { deleteDownloadLink, hasDownloadLink, insertDownloadLink } from '../../data/download-links.js';
import { mailBrandingOfOwner } from '../../data/mail-branding.js';
import { findUserById, notificationSettingsByEmail } from '../../data/users.js';
import { hashToken, randomToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { signerMailText } from '../../platform/mail/texts.js';

interface CompletedMailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/** The job the seal queues once the sealed PDF is stored. */
export const COMPLETED_MAILS_JOB = 'documents.completed-mails';

/** The download page of a mailed link: the owner's, or one signer's. */
export function downloadPageUrl(appUrl: string, params: { documentId: string; signerId: string | null; hash: string }) {
  const path = params.signerId
    ? `/documents/${params.documentId}/${params.signerId}/download`
    : `/documents/${params.documentId}/download`;
  const url = new URL(path, appUrl);
  url.searchParams.set('hash', params.hash);
  return url.toString();
}

/**
 * After the seal: one mail to the owner and to every signer with a download link of their own, as the notification
 * flags allow (the owner's isReceivingCompletedDocument and isSendingCompletedDocument, a signer account's
 * isReceivingSigned). The link's token
 * is made here, so it exists only in the mail; only its hash is stored. A retried job skips whoever already has
 * a link; a job that runs before the sealed PDF is stored fails and is retried.
 */
export function completedMailJobs(deps: CompletedMailDeps) {
  const completedMails = defineJob({
    name: COMPLETED_MAILS_JOB,
    payload: z.object({ documentId: z.string().uuid() }),
    retryLimit: 10,
    retryDelay: 30,
    async handler({ documentId }) {
      const document = await findDocument(deps.db, documentId);
      if (!document || document.deletedAt || document.status !== 'completed') return;
      if (!document.resultPdfFileKey) throw new Error(`document ${documentId} is not sealed yet`);
      const owner = await findUserById(deps.db, document.userId);
      const signerRows = await listSigners(deps.db, documentId);
      const branding = await mailBrandingOfOwner(deps.db, document.userId, deps.appUrl);
      // The owner's flags: the completed document to themselves, and to every party; a signer's own account may
      // also have turned off receiving what they signed.
      const parties = owner?.isSendingCompletedDocument === false ? [] : signerRows.filter((row) => !row.isPreparer);
      const signerSettings = await notificationSettingsByEmail(
        deps.db,
        parties.map((signer) => signer.email),
      );
      const recipients = [
        ...(owner?.isReceivingCompletedDocument
          ? [{ signerId: null, name: owner.name, email: owner.email, language: null }]
          : []),
        // The preparer is the owner, who already has the owner's link.
        ...parties
          .filter((signer) => signerSettings.get(signer.email)?.isReceivingSigned !== false)
          .map((signer) => ({
            signerId: signer.id,
            name: signer.name,
            email: signer.email,
            language: signer.language,
          })),
      ];
      for (const recipient of recipients) {
        if (await hasDownloadLink(deps.db, { documentId, signerId: recipient.signerId })) continue;
        const hash = randomToken();
        // A signer reads it in their own language (a correction gave one) or the document's; the owner in English.
        const language = recipient.signerId === null ? null : (recipient.language ?? document.language);
        const title = document.title || signerMailText(language, 'common.untitledDocument');
        // Stored before the mail leaves, so the link works the moment it is read; a mail that fails takes it back,
        // and the retry mails a new one.
        const link = await insertDownloadLink(deps.db, {
          documentId,
          signerId: recipient.signerId,
          tokenHash: hashToken(hash),
        });
        try {
          await deps.mailer.send(
            renderMail({
              to: recipient.email,
              branding,
              subject: signerMailText(language, 'completed.subject', { title }),
              greeting: signerMailText(language, 'common.greeting', { name: recipient.name }),
              paragraphs: [signerMailText(language, 'completed.body', { title })],
              action: {
                label: signerMailText(language, 'completed.action'),
                url: downloadPageUrl(deps.appUrl, { documentId, signerId: recipient.signerId, hash }),
              },
              // After the download link, which stays the mail's first address.
              footer: `${signerMailText(language, 'completed.footer')} ${signerMailText(language, 'completed.verify', { url: `${deps.appUrl}/verify` })}`,
            }),
          );
        } catch (error) {
          await deleteDownloadLink(deps.db, link.id);
          throw error;
        }
      }
    },
  });
  return { completedMails };
}
export type CompletedMailJobs = ReturnType<typeof completedMailJobs>;
