import { getSignedDownloadUrl, getSignedUrl, getSignedUrlsBulk, putSignedAssetUrl, putSignedUrl } from '@esign/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/http/authenticate.js';
import type { FileService } from './service.js';

const tags = ['files'];
const security = [{ bearer: [] }];

export const fileRoutes: FastifyPluginAsyncZod<{
  files: FileService;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { files, requireUser }) => {
  app.addHook('preHandler', requireUser);

  app.post(
    getSignedUrl.path,
    { schema: { tags, security, body: getSignedUrl.body, response: { 200: getSignedUrl.response } } },
    async (request) => files.signedUrl({ userId: currentUser(request).id, key: request.body.key }),
  );

  app.post(
    getSignedUrlsBulk.path,
    { schema: { tags, security, body: getSignedUrlsBulk.body, response: { 200: getSignedUrlsBulk.response } } },
    async (request) => files.signedUrls({ userId: currentUser(request).id, keys: request.body.keys }),
  );

  app.post(
    getSignedDownloadUrl.path,
    { schema: { tags, security, body: getSignedDownloadUrl.body, response: { 200: getSignedDownloadUrl.response } } },
    async (request) => files.signedDownloadUrl({ userId: currentUser(request).id, ...request.body }),
  );

  app.post(
    putSignedUrl.path,
    { schema: { tags, security, body: putSignedUrl.body, response: { 200: putSignedUrl.response } } },
    async (request) => files.signedDocumentPutUrl({ userId: currentUser(request).id, ...request.body }),
  );

  app.post(
    putSignedAssetUrl.path,
    { schema: { tags, security, body: putSignedAssetUrl.body, response: { 200: putSignedAssetUrl.response } } },
    async (request) => files.signedAssetPutUrl({ userId: currentUser(request).id, ...request.body }),
  );
};
