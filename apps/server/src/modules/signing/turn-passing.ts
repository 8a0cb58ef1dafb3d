import { recipientsNewlyOnTurn } from '@esign/shared';
import { recordActivity } from '../../data/activity.js';
import { completeDocumentOnce } from '../../data/completion.js';
import type { DocumentRow, SignerRow } from '../../data/documents.js';
import { recordEvent } from '../../data/events.js';
import type { Db } from '../../platform/db/client.js';
import type { QueueInTransaction as Queue } from '../../platform/jobs.js';
import type { SealingJobs } from '../sealing/index.js';
import type { SignerMailJobs } from '../sending/index.js';

/**
 * What follows a recipient's finish (a signature, an approval, a viewer's acknowledgement), inside the transaction
 * that recorded it, with the document row locked: the document completes exactly once when every participant has
 * acted (a cc aside) and the seal is queued; otherwise, in an ordered document, the recipients whose step begins
 * now are invited (each a `send` naming them, as the send-out's is: the certificate's 'Sent'). A step of several
 * recipients begins only when the last of the step before has acted.
 */
export async function passTheTurn(
  tx: Db,
  queue: Queue,
  deps: { sealing: SealingJobs; signerMails: SignerMailJobs },
  params: { document: DocumentRow; signerRows: SignerRow[]; actedId: string; at: Date },
): Promise<{ isCompleted: boolean }> {
  const { document, signerRows, actedId, at } = params;
  const isCompleted = await completeDocumentOnce(tx, { documentId: document.id, now: at });
  if (isCompleted) {
    await recordEvent(tx, { type: 'document.completed', documentId: document.id, at });
    await queue(deps.sealing.sealDocument, { documentId: document.id });
    return { isCompleted };
  }
  for (const next of recipientsNewlyOnTurn(document, signerRows, actedId)) {
    await recordActivity(tx, { documentId: document.id, type: 'send', signerIds: [next.id], at });
    await queue(deps.signerMails.signerInvitationMail, { documentId: document.id, signerId: next.id });
  }
  return { isCompleted };
}
