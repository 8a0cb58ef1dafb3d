import {
  ATTACHMENT_MAX_BYTES,
  availableSigners,
  checkIdentityCode,
  confirmCode,
  MESSAGES,
  SIGN_ACCESS_TOKEN_HEADER,
  sendIdentityCode,
  signatoryOpened,
  signDocument,
  signerDocument,
  signerIdentity,
  signingLinkStatus,
  updateSignerFields,
  uploadFieldAttachment,
} from '@esign/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { userAgentOf } from '../../platform/http/client-address.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { IdentityCheckService } from './identity-check.js';
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
export async function signerRoutes(
  app: FastifyInstance,
  { signing, identity }: { signing: SignerService; identity: IdentityCheckService },
) {
  // An attachment field's file (issue 37): multipart field `file`, read only after the link's checks.
  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });

  defineRoute(
    app,
    uploadFieldAttachment,
    { ...asSigner, consumes: ['multipart/form-data'], bodyLimit: ATTACHMENT_MAX_BYTES + 64 * 1024 },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION_ERROR', MESSAGES.fileMissing);
      const file = await request.file();
      if (file?.fieldname !== 'file') throw new AppError('VALIDATION_ERROR', MESSAGES.fileMissing);
      return signing.attachFile({
        documentId: request.params.id,
        signerId: request.params.signerId,
        fieldId: request.params.fieldId,
        token: signAccessToken(request),
        file: { fileName: file.filename, stream: file.file, isTruncated: () => file.file.truncated },
      });
    },
  );

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

  // Issue 38: the identity check by a mailed or texted code (identity-check.ts).
  defineRoute(app, signerIdentity, asSigner, async (request) =>
    identity.status({ ...request.params, token: signAccessToken(request) }),
  );

  defineRoute(app, sendIdentityCode, asSigner, async (request) =>
    identity.send({ ...request.params, token: signAccessToken(request), channel: request.body.channel }),
  );

  defineRoute(app, checkIdentityCode, asSigner, async (request) =>
    identity.check({
      ...request.params,
      token: signAccessToken(request),
      channel: request.body.channel,
      code: request.body.code,
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
