import { MESSAGES, UPLOAD_LIMITS, verifyPdf } from '@esign/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { streamToBuffer } from '../../platform/storage/storage.js';
import type { VerifyService } from './verify.service.js';

/** POST /verify: anyone, no account; the PDF as multipart field `file`, held in memory only while it is checked. */
export async function verifyRoutes(app: FastifyInstance, { verify }: { verify: VerifyService }) {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxFileBytes, files: 1, fields: 0, parts: 1 },
  });
  defineRoute(
    app,
    verifyPdf,
    // Anyone may call it, and each call hashes and checks a file of up to 40 MB: 30 a minute from one address.
    { tags: ['verify'], auth: 'none', consumes: ['multipart/form-data'], perAddress: { max: 30, perMinutes: 1 } },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION_ERROR', MESSAGES.fileMissing);
      const file = await request.file();
      if (file?.fieldname !== 'file') throw new AppError('VALIDATION_ERROR', MESSAGES.fileMissing);
      const bytes = await streamToBuffer(file.file);
      if (file.file.truncated) throw new AppError('VALIDATION_ERROR', MESSAGES.fileTooLarge);
      if (bytes.subarray(0, 1024).indexOf('%PDF-') === -1) throw new AppError('VALIDATION_ERROR', MESSAGES.notAPdf);
      return verify.verifyPdf(bytes);
    },
  );
}
