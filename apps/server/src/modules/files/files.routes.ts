import { getSignedDownloadUrl, getSignedUrl, getSignedUrlsBulk, putSignedAssetUrl, putSignedUrl } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { FileService } from './files.service.js';

const asUser = { tags: ['files'], auth: 'user' } as const;

export async function fileRoutes(app: FastifyInstance, { files }: { files: FileService }) {
  defineRoute(app, getSignedUrl, asUser, async (request) =>
    files.signedUrl({ userId: currentUser(request).id, key: request.body.key }),
  );
  defineRoute(app, getSignedUrlsBulk, asUser, async (request) =>
    files.signedUrls({ userId: currentUser(request).id, keys: request.body.keys }),
  );
  defineRoute(app, getSignedDownloadUrl, asUser, async (request) =>
    files.signedDownloadUrl({ userId: currentUser(request).id, ...request.body }),
  );
  defineRoute(app, putSignedUrl, asUser, async (request) =>
    files.signedDocumentPutUrl({ userId: currentUser(request).id, ...request.body }),
  );
  defineRoute(app, putSignedAssetUrl, asUser, async (request) =>
    files.signedAssetPutUrl({ userId: currentUser(request).id, ...request.body }),
  );
}
