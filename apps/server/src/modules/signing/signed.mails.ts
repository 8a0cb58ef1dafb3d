import { z } from 'zod';
import { findSignerWithDocument, listSigners } from '../../data/documents.js';
import { mailBrandingOfOwner } from '../../data/mail-branding.js';
import { notificationSettingsByEmail } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { signerMailText } from '../../platform/mail/texts.js';

/**
 * A signer signed a document that others still have to sign (the completion mail tells the last signature): the
 * owner hears it when their isReceivingSignerSigned is on; in an ordered document, with the owner's
 * isSendingToAllPartiesInOrderedDocument on, the parties who signed before hear it too (unless their own account
 * turned isReceivingSignerSigned off). Parties whose turn has not come hear nothing before their invitation.
 */
export function signedMailJobs(deps: { db: Db; mailer: Mailer; appUrl: string }) {
  const signerSignedMail = defineJob({
    name: 'signing.signer-signed-mail',
    payload: z.object({ documentId: z.string().uuid(), signerId: z.string().uuid() }),
    async handler({ documentId, signerId }) {
      const row = await findSignerWithDocument(deps.db, signerId);
      if (!row || row.document.id !== documentId || row.document.deletedAt || row.signer.isPreparer) return;
      const { document, signer, owner } = row;
      const branding = await mailBrandingOfOwner(deps.db, document.userId, deps.appUrl);
      const others =
        document.isOrdered && owner.isSendingToAllPartiesInOrderedDocument
          ? (await listSigners(deps.db, documentId)).filter(
              (other) => !other.isPreparer && other.isFinished && other.id !== signer.id,
            )
          : [];
      const settings = await notificationSettingsByEmail(
        deps.db,
        others.map((other) => other.email),
      );
      const recipients = [
        ...(owner.isReceivingSignerSigned ? [{ name: owner.name, email: owner.email, isOwner: true }] : []),
        ...others
          .filter((other) => settings.get(other.email)?.isReceivingSignerSigned !== false)
          .map((other) => ({ name: other.name, email: other.email, isOwner: false })),
      ];
      for (const recipient of recipients) {
        // Another party reads it in the document's language; the owner in English, as the app.
        const language = recipient.isOwner ? null : document.language;
        const title = document.title || signerMailText(language, 'common.untitledDocument');
        await deps.mailer.send(
          renderMail({
            to: recipient.email,
            branding,
            subject: signerMailText(language, 'signerSigned.subject', { signer: signer.name, title }),
            greeting: signerMailText(language, 'common.greeting', { name: recipient.name }),
            paragraphs: [
              signerMailText(language, 'signerSigned.body', { signer: signer.name, signerEmail: signer.email, title }),
            ],
            ...(recipient.isOwner
              ? {
                  action: {
                    label: signerMailText(language, 'signerSigned.action'),
                    url: `${deps.appUrl}/documents/${documentId}/preview`,
                  },
                }
              : {}),
          }),
        );
      }
    },
  });
  return { signerSignedMail };
}
export type SignedMailJobs = ReturnType<typeof signedMailJobs>;
