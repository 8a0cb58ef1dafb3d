import { attachmentDownloadUrl, documentAttachments } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { AttachmentService } from './attachments.service.js';

const asUser = { tags: ['documents'], auth: 'user' } as const;

/** The files signers attached to a document (issue 37): the list, and a signed URL that downloads one. */
export async function attachmentRoutes(app: FastifyInstance, { attachments }: { attachments: AttachmentService }) {
  defineRoute(app, documentAttachments, asUser, async (request) =>
    attachments.list({ userId: currentUser(request).id, documentId: request.params.id }),
  );

  defineRoute(app, attachmentDownloadUrl, asUser, async (request) =>
    attachments.downloadUrl({
      userId: currentUser(request).id,
      documentId: request.params.id,
      fieldId: request.params.fieldId,
    }),
  );
}
