import { expiryDateOf, type Language, type RecipientRole } from '@esign/shared';
import { z } from 'zod';
import { findSignerWithDocument } from '../../data/documents.js';
import { mailBrandingOfOwner } from '../../data/mail-branding.js';
import { issueSigningToken, signingUrl } from '../../data/signing-tokens.js';
import { notificationSettingsByEmail } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { signerMailText } from '../../platform/mail/texts.js';

interface SignerMailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/**
 * Mails to signers. `signerInvitationMail` mails one signer of an awaiting document their own signing link:
 * queue it with `jobs.send(signerMails.signerInvitationMail, {documentId, signerId})` when it becomes a
 * signer's turn (sending, the next signer of an ordered document, a reminder). The token is issued inside the
 * job, so the raw token exists only in the mail, never in a job payload or an answer; a retry issues a new one.
 */
export function signerMailJobs(deps: SignerMailDeps) {
  const signerInvitationMail = defineJob({
    name: 'signing.signer-invitation-mail',
    // A bulk send queues a hundred at once: a few go out side by side.
    concurrency: 8,
    payload: z.object({
      documentId: z.string().uuid(),
      signerId: z.string().uuid(),
      /** A reminder of an invitation already sent (the owner's 'Send reminder'). */
      isReminder: z.boolean().default(false),
      /** A reminder of the document's coming expiry (the expiry sweep's, issue 36): the reminders' rules apply. */
      isExpiryReminder: z.boolean().optional(),
    }),
    async handler({ documentId, signerId, isReminder: isOwnersReminder, isExpiryReminder }) {
      const isReminder = isOwnersReminder || isExpiryReminder === true;
      const row = await findSignerWithDocument(deps.db, signerId);
      if (!row || row.document.id !== documentId) return;
      const { document, signer, owner: sender } = row;
      // The document moved on (signed, reverted, deleted) before the mail went out: nothing to sign.
      if (document.status !== 'awaiting' || document.deletedAt || signer.isFinished) return;
      // A cc takes no part in the order: it gets only the completed document (completion mails).
      if (signer.recipientRole === 'cc') return;
      // A signer whose account turned reminders off gets none (the invitation itself always goes out).
      if (isReminder) {
        const settings = (await notificationSettingsByEmail(deps.db, [signer.email])).get(signer.email);
        if (settings && !settings.isReceivingReminders) return;
      }
      // The link and the branding side by side: two statements, one wait.
      const [token, branding] = await Promise.all([
        issueSigningToken(deps.db, { documentId, signerId }),
        mailBrandingOfOwner(deps.db, document.userId, deps.appUrl),
      ]);
      // A signer corrected to a language of their own reads it in theirs (issue 36).
      const language = signer.language ?? document.language;
      const title = document.title || signerMailText(language, 'common.untitledDocument');
      const texts = invitationTexts(language, signer.recipientRole, isReminder, {
        sender: sender.name,
        senderEmail: sender.email,
        title,
      });
      const expiryDate = document.expiresAt ? expiryDateOf(document.expiresAt) : '';
      await deps.mailer.send(
        renderMail({
          to: signer.email,
          branding,
          subject: isExpiryReminder
            ? signerMailText(language, 'signerLifecycle.expiryReminderSubject', { title, date: expiryDate })
            : texts.subject,
          greeting: signerMailText(language, 'common.greeting', { name: signer.name }),
          paragraphs: [
            texts.body,
            ...(document.message
              ? [
                  signerMailText(language, 'signerInvitation.message', {
                    sender: sender.name,
                    message: document.message,
                  }),
                ]
              : []),
            ...(expiryDate ? [signerMailText(language, 'signerLifecycle.expiryLine', { date: expiryDate })] : []),
          ],
          action: { label: texts.action, url: signingUrl(deps.appUrl, documentId, token) },
          footer: signerMailText(language, 'signerInvitation.footer'),
        }),
      );
    },
  });
  return { signerInvitationMail };
}
/**
 * The invitation's subject, first sentence and button by the recipient's role (issue 36): a signer is asked to sign,
 * an approver to review and approve, a viewer to view; in the document's language.
 */
function invitationTexts(
  language: Language | null,
  role: RecipientRole,
  isReminder: boolean,
  values: { sender: string; senderEmail: string; title: string },
) {
  const { sender, senderEmail, title } = values;
  if (role === 'approver') {
    return {
      subject: isReminder
        ? signerMailText(language, 'recipientInvitation.approveReminderSubject', { sender, title })
        : signerMailText(language, 'recipientInvitation.approveSubject', { sender, title }),
      body: signerMailText(language, 'recipientInvitation.approveBody', values),
      action: signerMailText(language, 'recipientInvitation.approveAction'),
    };
  }
  if (role === 'viewer') {
    return {
      subject: isReminder
        ? signerMailText(language, 'recipientInvitation.viewReminderSubject', { sender, title })
        : signerMailText(language, 'recipientInvitation.viewSubject', { sender, title }),
      body: signerMailText(language, 'recipientInvitation.viewBody', values),
      action: signerMailText(language, 'recipientInvitation.viewAction'),
    };
  }
  return {
    subject: isReminder
      ? signerMailText(language, 'signerInvitation.reminderSubject', { sender, title })
      : signerMailText(language, 'signerInvitation.subject', { sender, title }),
    body: signerMailText(language, 'signerInvitation.body', { sender, senderEmail, title }),
    action: signerMailText(language, 'signerInvitation.action'),
  };
}

export type SignerMailJobs = ReturnType<typeof signerMailJobs>;
