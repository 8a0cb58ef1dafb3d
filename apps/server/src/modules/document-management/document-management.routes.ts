import {
  type DocumentListResponse,
  deleteDocuments,
  disableReminders,
  downloadDocumentsZip,
  enableReminders,
  listAllDocuments,
  listDocuments,
  revertDocument,
  sendReminders,
  shareDocument,
  sharedDownload,
  shareUrl,
  signingUrlContract,
} from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { DocumentManagementService } from './document-management.service.js';
import { zipStream } from './zip.js';

const tags = ['documents'];
const asUser = { tags, auth: 'user' } as const;

export async function documentManagementRoutes(
  app: FastifyInstance,
  { service, storage }: { service: DocumentManagementService; storage: Storage },
) {
  defineRoute(app, listDocuments, asUser, async (request, reply) => {
    // The answer comes serialized (it may be cached): a string payload skips the response serializer, and
    // the schema's type does not know strings.
    const body = await service.listJson(currentUser(request), request.query);
    return reply.type('application/json; charset=utf-8').send(body as unknown as DocumentListResponse);
  });

  defineRoute(app, listAllDocuments, asUser, async (request) => service.listAll(currentUser(request), request.query));

  defineRoute(app, deleteDocuments, asUser, async (request) =>
    service.deleteMany({ userId: currentUser(request).id, ids: request.body.ids }),
  );

  defineRoute(app, downloadDocumentsZip, asUser, async (request, reply) => {
    const entries = await service.zipEntries({ userId: currentUser(request).id, ids: request.body.ids });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="documents.zip"')
      .send(zipStream(storage, entries));
  });

  defineRoute(app, revertDocument, asUser, async (request) =>
    service.revert({ userId: currentUser(request).id, documentId: request.params.id, sourceIp: request.ip }),
  );

  defineRoute(app, sendReminders, asUser, async (request) =>
    service.sendReminders({
      userId: currentUser(request).id,
      documentId: request.params.id,
      signersIds: request.body.signersIds,
    }),
  );

  defineRoute(app, disableReminders, asUser, async (request) =>
    service.setReminders({ userId: currentUser(request).id, documentId: request.params.id, isDisabled: true }),
  );

  defineRoute(app, enableReminders, asUser, async (request) =>
    service.setReminders({ userId: currentUser(request).id, documentId: request.params.id, isDisabled: false }),
  );

  defineRoute(app, shareUrl, asUser, async (request) =>
    service.shareUrl({ userId: currentUser(request).id, documentId: request.params.id }),
  );

  defineRoute(app, shareDocument, asUser, async (request) =>
    service.share({
      userId: currentUser(request).id,
      documentId: request.params.id,
      emails: request.body.recipients.map((recipient) => recipient.email),
    }),
  );

  defineRoute(app, signingUrlContract, asUser, async (request) =>
    service.signingUrl({
      userId: currentUser(request).id,
      documentId: request.params.id,
      signerId: request.query.userId,
    }),
  );

  // The link in a share mail: no account (its signature is the key); redirects to a signed URL valid five minutes.
  defineRoute(app, sharedDownload, { tags, auth: 'none' }, async (request, reply) =>
    reply.redirect(
      await service.sharedDownload({ documentId: request.params.id, signature: request.params.signature }),
    ),
  );
}
