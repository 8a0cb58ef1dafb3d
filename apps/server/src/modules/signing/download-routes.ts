import { signedDownloadUrlByHash, signedDownloadUrlByToken } from '@esign/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from '../auth/service.js';
import { bearerToken } from '../auth/tokens.js';
import type { DownloadService } from './downloads.js';
import { signAccessToken } from './signer-routes.js';

const tags = ['signing'];

/** Downloads of the sealed PDF: by a mailed link's hash, or by a token (signing link or account). */
export const downloadRoutes: FastifyPluginAsyncZod<{ downloads: DownloadService; auth: AuthService }> = async (
  app,
  { downloads, auth },
) => {
  app.get(
    signedDownloadUrlByHash.path,
    {
      schema: {
        tags,
        params: signedDownloadUrlByHash.params,
        querystring: signedDownloadUrlByHash.querystring,
        response: { 200: signedDownloadUrlByHash.response },
      },
    },
    async (request) => downloads.byHash({ documentId: request.params.id, ...request.query }),
  );

  app.get(
    signedDownloadUrlByToken.path,
    {
      schema: {
        tags,
        security: [{ signAccessToken: [] }, { bearer: [] }],
        params: signedDownloadUrlByToken.params,
        querystring: signedDownloadUrlByToken.querystring,
        response: { 200: signedDownloadUrlByToken.response },
      },
    },
    async (request) => {
      const signToken = signAccessToken(request);
      const bearer = bearerToken(request.headers.authorization);
      const user = !signToken && bearer ? await auth.authenticate(bearer) : undefined;
      return downloads.byToken({
        documentId: request.params.id,
        signerId: request.query.signerId,
        signToken,
        userId: user?.id,
      });
    },
  );
};
