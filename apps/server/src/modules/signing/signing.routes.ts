import {
  availableSigners,
  confirmCode,
  SIGN_ACCESS_TOKEN_HEADER,
  signatoryOpened,
  signDocument,
  signerDocument,
  signingLinkStatus,
  updateSignerFields,
} from '@esign/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userAgentOf } from '../../platform/http/client-address.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { RequestOrigin, SignerService } from './signing.service.js';

/** The signing link's token, from its header only (never from a URL that could be logged). */
export function signAccessToken(request: FastifyRequest): string | undefined {
  const value = request.headers[SIGN_ACCESS_TOKEN_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

export function origin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: userAgentOf(request) };
}

const asSigner = { tags: ['signing'], auth: 'signer' } as const;

/** The signer's calls: every one is authorised by the signing link's token first (signing.service). */
export async function signerRoutes(app: FastifyInstance, { signing }: { signing: SignerService }) {
  defineRoute(app, availableSigners, asSigner, async (request) =>
    signing.availableSigners({ documentId: request.params.id, token: signAccessToken(request) }),
  );

  defineRoute(app, signingLinkStatus, asSigner, async (request) =>
    signing.linkStatus({ documentId: request.params.id, token: signAccessToken(request) }),
  );

  defineRoute(app, signerDocument, asSigner, async (request) =>
    signing.signerDocument({ ...request.params, token: signAccessToken(request) }),
  );

  defineRoute(app, confirmCode, asSigner, async (request) =>
    signing.confirmCode({
      ...request.params,
      token: signAccessToken(request),
      code: request.body.codeAccess,
      origin: origin(request),
    }),
  );

  defineRoute(app, signatoryOpened, asSigner, async (request) =>
    signing.signatoryOpened({
      documentId: request.params.id,
      signerId: request.params.signerId,
      token: signAccessToken(request),
      origin: origin(request),
    }),
  );

  defineRoute(app, updateSignerFields, asSigner, async (request) =>
    signing.updateFields({
      documentId: request.params.id,
      signerId: request.params.signerId,
      token: signAccessToken(request),
      values: request.body.fields,
    }),
  );

  defineRoute(app, signDocument, asSigner, async (request) =>
    signing.sign({
      documentId: request.params.id,
      signerId: request.params.signerId,
      token: signAccessToken(request),
      values: request.body.fields ?? [],
      consent: request.body.consent,
      origin: origin(request),
    }),
  );
}
