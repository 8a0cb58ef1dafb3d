import { previewPages, signedDownloadUrlByHash, signedDownloadUrlByToken, signerConversionStatus } from '@esign/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../platform/http/authenticate.js';
import { bearerToken } from '../../platform/http/bearer.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { signAccessToken } from '../signing/index.js';
import type { DownloadService } from './downloads.service.js';

const tags = ['signing'];

/** Downloads of the sealed PDF: by a mailed link's hash, or by a token (signing link or account). */
export async function downloadRoutes(
  app: FastifyInstance,
  { downloads, auth }: { downloads: DownloadService; auth: Authenticator },
) {
  // The mailed link's own hash is its key.
  defineRoute(app, signedDownloadUrlByHash, { tags, auth: 'none' }, async (request) =>
    downloads.byHash({ documentId: request.params.id, ...request.query }),
  );

  /** The signing link's token, else the logged-in user's id. */
  const caller = async (request: FastifyRequest) => {
    const signToken = signAccessToken(request);
    const bearer = bearerToken(request.headers.authorization);
    const user = !signToken && bearer ? await auth.authenticate(bearer) : undefined;
    return { signToken, userId: user?.id };
  };

  defineRoute(app, signedDownloadUrlByToken, { tags, auth: 'userOrSigner' }, async (request) =>
    downloads.byToken({ documentId: request.params.id, signerId: request.query.signerId, ...(await caller(request)) }),
  );

  defineRoute(app, previewPages, { tags, auth: 'userOrSigner' }, async (request) =>
    downloads.previewPages({
      documentId: request.params.id,
      signerId: request.query.signerId,
      ...(await caller(request)),
    }),
  );

  defineRoute(app, signerConversionStatus, { tags, auth: 'userOrSigner' }, async (request) =>
    downloads.conversionStatus({ signerId: request.params.signerId, ...(await caller(request)) }),
  );
}
