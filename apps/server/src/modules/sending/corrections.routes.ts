import { setReassignment, updateRecipient } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { userAgentOf } from '../../platform/http/client-address.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { CorrectionService } from './corrections.service.js';

const asUser = { tags: ['signing'], auth: 'user' } as const;

/** The sender's changes of a sent document's signers (issue 36): a correction, the reassignment switch. */
export async function correctionRoutes(app: FastifyInstance, { corrections }: { corrections: CorrectionService }) {
  defineRoute(app, updateRecipient, asUser, async (request) =>
    corrections.updateRecipient({
      userId: currentUser(request).id,
      documentId: request.params.id,
      signerId: request.params.signerId,
      changes: request.body,
      sourceIp: request.ip,
      userAgent: userAgentOf(request),
    }),
  );
  defineRoute(app, setReassignment, asUser, async (request) =>
    corrections.setReassignment({
      userId: currentUser(request).id,
      documentId: request.params.id,
      allowReassign: request.body.allowReassign,
    }),
  );
}
