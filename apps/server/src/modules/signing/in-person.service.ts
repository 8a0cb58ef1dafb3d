import { IN_PERSON_TOKEN_TTL_SECONDS, MESSAGES } from '@esign/shared';
import { listSigners } from '../../data/documents.js';
import { issueInPersonToken } from '../../data/recipient-changes.js';
import { findOwnerName } from '../../data/signing.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { authorize, userActor } from '../access/index.js';

/**
 * In-person signing (issue 36): the logged-in sender hands their own device to a signer. POST
 * documents/{id}/signers/{signerId}/in_person asks the policy's `document.signingLink` (whoever may copy a signer's
 * link may host it) and answers a link for the sender's browser alone: bound to that signer, living
 * IN_PERSON_TOKEN_TTL_SECONDS, revoked when the signer signs (signing.service), never mailed. Its `view` and `sign`
 * rows carry the host (`hostedBy`, `hostUserId`) beside the device's address and user agent, so the certificate
 * says 'signed in person, hosted by {sender}'.
 */
export function inPersonService(deps: { db: Db; now: () => Date }) {
  return {
    async start(input: { userId: string; documentId: string; signerId: string }) {
      const document = await authorize(deps.db, {
        actor: userActor(input.userId),
        action: 'document.signingLink',
        id: input.documentId,
      });
      if (document.status !== 'awaiting') throw new AppError('CONFLICT', MESSAGES.inPersonOnlyAwaiting);
      const signer = (await listSigners(deps.db, document.id)).find((row) => row.id === input.signerId);
      if (!signer || signer.isPreparer) throw new AppError('NOT_FOUND', MESSAGES.documentNotFound);
      if (signer.isFinished) throw new AppError('CONFLICT', MESSAGES.signerAlreadySignedCannotChange);
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + IN_PERSON_TOKEN_TTL_SECONDS * 1000);
      const token = await issueInPersonToken(deps.db, {
        documentId: document.id,
        signerId: signer.id,
        hostUserId: input.userId,
        expiresAt,
        now,
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },
  };
}
export type InPersonService = ReturnType<typeof inPersonService>;

/** What a `view` or `sign` through an in-person link records of its host; nothing for any other link. */
export async function hostDetails(db: Db, token: { hostedByUserId: string | null }): Promise<Record<string, string>> {
  if (!token.hostedByUserId) return {};
  return { hostedBy: await findOwnerName(db, token.hostedByUserId), hostUserId: token.hostedByUserId };
}
