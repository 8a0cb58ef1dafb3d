import { bulkSend, bulkSendRetry, bulkSendStatus } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { BulkSendService } from './bulk-send.service.js';

const asUser = { tags: ['signing'], auth: 'user' } as const;

/** POST document_sign/bulk_send, GET document_sign/bulk_send/{batchId} and its retry (the batch's owner). */
export async function bulkSendRoutes(app: FastifyInstance, { bulkSend: service }: { bulkSend: BulkSendService }) {
  defineRoute(app, bulkSend, asUser, async (request) =>
    service.createBatch({ userId: currentUser(request).id, request: request.body, sourceIp: request.ip }),
  );

  defineRoute(app, bulkSendStatus, asUser, async (request) =>
    service.getBatch({ userId: currentUser(request).id, batchId: request.params.batchId }),
  );

  defineRoute(app, bulkSendRetry, asUser, async (request) =>
    service.retryFailedRows({ userId: currentUser(request).id, batchId: request.params.batchId, sourceIp: request.ip }),
  );
}
