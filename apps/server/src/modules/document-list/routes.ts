import {
  type DocumentListResponse,
  deleteDocuments,
  disableReminders,
  downloadDocumentsZip,
  listDocuments,
  revertDocument,
  sendReminders,
  shareDocument,
  sharedDownloadParams,
  shareUrl,
  signingUrlContract,
} from '@esign/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/http/authenticate.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { DocumentListService } from './service.js';
import { zipStream } from './zip.js';

const tags = ['documents'];
const security = [{ bearer: [] }];

export const documentListRoutes: FastifyPluginAsyncZod<{
  service: DocumentListService;
  storage: Storage;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { service, storage, requireUser }) => {
  const preHandler = requireUser;

  app.get(
    listDocuments.path,
    {
      preHandler,
      schema: { tags, security, querystring: listDocuments.querystring, response: { 200: listDocuments.response } },
    },
    async (request, reply) => {
      // The answer comes serialized (it may be cached): a string payload skips the response serializer, and
      // the schema's type does not know strings.
      const body = await service.listJson(currentUser(request), request.query);
      return reply.type('application/json; charset=utf-8').send(body as unknown as DocumentListResponse);
    },
  );

  app.delete(
    deleteDocuments.path,
    {
      preHandler,
      schema: { tags, security, body: deleteDocuments.body, response: { 200: deleteDocuments.response } },
    },
    async (request) => service.deleteMany({ userId: currentUser(request).id, ids: request.body.ids }),
  );

  app.post(
    downloadDocumentsZip.path,
    { preHandler, schema: { tags, security, body: downloadDocumentsZip.body } },
    async (request, reply) => {
      const entries = await service.zipEntries({ userId: currentUser(request).id, ids: request.body.ids });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="documents.zip"')
        .send(zipStream(storage, entries));
    },
  );

  app.patch(
    revertDocument.path,
    {
      preHandler,
      schema: { tags, security, params: revertDocument.params, response: { 200: revertDocument.response } },
    },
    async (request) =>
      service.revert({ userId: currentUser(request).id, documentId: request.params.id, sourceIp: request.ip }),
  );

  app.post(
    sendReminders.path,
    {
      preHandler,
      schema: {
        tags,
        security,
        params: sendReminders.params,
        body: sendReminders.body,
        response: { 200: sendReminders.response },
      },
    },
    async (request) =>
      service.sendReminders({
        userId: currentUser(request).id,
        documentId: request.params.id,
        signersIds: request.body.signersIds,
      }),
  );

  app.patch(
    disableReminders.path,
    {
      preHandler,
      schema: { tags, security, params: disableReminders.params, response: { 200: disableReminders.response } },
    },
    async (request) => service.disableReminders({ userId: currentUser(request).id, documentId: request.params.id }),
  );

  app.get(
    shareUrl.path,
    { preHandler, schema: { tags, security, params: shareUrl.params, response: { 200: shareUrl.response } } },
    async (request) => service.shareUrl({ userId: currentUser(request).id, documentId: request.params.id }),
  );

  app.post(
    shareDocument.path,
    {
      preHandler,
      schema: {
        tags,
        security,
        params: shareDocument.params,
        body: shareDocument.body,
        response: { 200: shareDocument.response },
      },
    },
    async (request) =>
      service.share({
        userId: currentUser(request).id,
        documentId: request.params.id,
        emails: request.body.recipients.map((recipient) => recipient.email),
      }),
  );

  app.get(
    signingUrlContract.path,
    {
      preHandler,
      schema: {
        tags,
        security,
        params: signingUrlContract.params,
        querystring: signingUrlContract.querystring,
        response: { 200: signingUrlContract.response },
      },
    },
    async (request) =>
      service.signingUrl({
        userId: currentUser(request).id,
        documentId: request.params.id,
        signerId: request.query.userId,
      }),
  );

  /** The link in a share mail: no account; redirects to a signed URL valid for five minutes. */
  app.get('/shared/:id/:signature', { schema: { tags, params: sharedDownloadParams } }, async (request, reply) =>
    reply.redirect(
      await service.sharedDownload({ documentId: request.params.id, signature: request.params.signature }),
    ),
  );
};
