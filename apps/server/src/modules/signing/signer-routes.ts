import {
  availableSigners,
  confirmCode,
  SIGN_ACCESS_TOKEN_HEADER,
  signatoryOpened,
  signDocument,
  signerDocument,
  updateSignerFields,
} from '@esign/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequestOrigin, SignerService } from './signer-service.js';

const tags = ['signing'];
const security = [{ signAccessToken: [] }];

/** The signing link's token, from its header only (never from a URL that could be logged). */
export function signAccessToken(request: FastifyRequest): string | undefined {
  const value = request.headers[SIGN_ACCESS_TOKEN_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

function origin(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 1000) : null };
}

/** The signer's calls: every one is authorised by the signing link's token first (signer-service). */
export const signerRoutes: FastifyPluginAsyncZod<{ signing: SignerService }> = async (app, { signing }) => {
  app.get(
    availableSigners.path,
    { schema: { tags, security, params: availableSigners.params, response: { 200: availableSigners.response } } },
    async (request) => signing.availableSigners({ documentId: request.params.id, token: signAccessToken(request) }),
  );

  app.get(
    signerDocument.path,
    { schema: { tags, security, params: signerDocument.params, response: { 200: signerDocument.response } } },
    async (request) => signing.signerDocument({ ...request.params, token: signAccessToken(request) }),
  );

  app.post(
    confirmCode.path,
    {
      schema: {
        tags,
        security,
        params: confirmCode.params,
        body: confirmCode.body,
        response: { 200: confirmCode.response },
      },
    },
    async (request) =>
      signing.confirmCode({
        ...request.params,
        token: signAccessToken(request),
        code: request.body.codeAccess,
        origin: origin(request),
      }),
  );

  app.post(
    signatoryOpened.path,
    { schema: { tags, security, params: signatoryOpened.params, response: { 200: signatoryOpened.response } } },
    async (request) =>
      signing.signatoryOpened({
        documentId: request.params.id,
        signerId: request.params.signerId,
        token: signAccessToken(request),
        origin: origin(request),
      }),
  );

  app.patch(
    updateSignerFields.path,
    {
      schema: {
        tags,
        security,
        params: updateSignerFields.params,
        body: updateSignerFields.body,
        response: { 200: updateSignerFields.response },
      },
    },
    async (request) =>
      signing.updateFields({
        documentId: request.params.id,
        signerId: request.params.signerId,
        token: signAccessToken(request),
        values: request.body.fields,
      }),
  );

  app.patch(
    signDocument.path,
    {
      schema: {
        tags,
        security,
        params: signDocument.params,
        body: signDocument.body,
        response: { 200: signDocument.response },
      },
    },
    async (request) =>
      signing.sign({
        documentId: request.params.id,
        signerId: request.params.signerId,
        token: signAccessToken(request),
        values: request.body.fields ?? [],
        consent: request.body.consent,
        origin: origin(request),
      }),
  );
};
