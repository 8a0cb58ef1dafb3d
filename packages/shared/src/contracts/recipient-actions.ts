import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { reasonText } from '../validation/inputs.js';
import { document } from './documents.js';
import { documentSignerParams } from './signing.js';

// Issue 36: what an approver and a viewer do on the signer page; each carries SIGN_ACCESS_TOKEN_HEADER.

/** What an approver's or viewer's act answers: finished, the document's status after it. */
const recipientActResponse = z.object({
  isFinished: z.boolean(),
  documentStatus: document.shape.status,
  redirectionPage: z.string().nullable(),
});

/** POST .../approve: the approver approves (its turn, awaiting); a second call answers as the first did. */
export const approveDocument = {
  ...ROUTES.approveDocument,
  params: documentSignerParams,
  response: recipientActResponse,
} as const;

/**
 * POST .../reject: the approver refuses, with a reason (required, at most 500 characters). Recorded (`reject`
 * activity with the reason) and announced (`recipient.rejected`, the reason as its message); the approver stays
 * unfinished, so the order waits.
 */
export const rejectDocument = {
  ...ROUTES.rejectDocument,
  params: documentSignerParams,
  body: z.object({ reason: reasonText }),
  response: recipientActResponse,
} as const;

/** POST .../acknowledge: the viewer has seen the document; the order goes on. A second call answers as the first. */
export const acknowledgeDocument = {
  ...ROUTES.acknowledgeDocument,
  params: documentSignerParams,
  response: recipientActResponse,
} as const;
