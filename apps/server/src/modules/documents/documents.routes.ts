import {
  chooseActiveContent,
  conversionData,
  createDocument,
  fileClean,
  fileUpload,
  getDocument,
  MESSAGES,
  UPLOAD_LIMITS,
  updateDocument,
} from '@esign/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { DocumentService } from './documents.service.js';

const asUser = { tags: ['documents'], auth: 'user' } as const;

export async function documentRoutes(app: FastifyInstance, { documents }: { documents: DocumentService }) {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxFileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  defineRoute(app, createDocument, asUser, async (request) =>
    documents.createDocument({ userId: currentUser(request).id, ...request.body, sourceIp: request.ip }),
  );

  defineRoute(app, getDocument, asUser, async (request) =>
    documents.getDocument({ userId: currentUser(request).id, documentId: request.params.id }),
  );

  defineRoute(app, fileUpload, { ...asUser, consumes: ['multipart/form-data'] }, async (request) => {
    if (!request.isMultipart()) throw new AppError('VALIDATION_ERROR', MESSAGES.fileMissing);
    const file = await request.file();
    if (file?.fieldname !== 'upload') throw new AppError('VALIDATION_ERROR', MESSAGES.fileMissing);
    return documents.uploadFile({
      userId: currentUser(request).id,
      documentId: request.params.id,
      file: {
        fileName: file.filename,
        stream: file.file,
        isTruncated: () => file.file.truncated,
      },
    });
  });

  defineRoute(app, fileClean, asUser, async (request) =>
    documents.cleanFiles({
      userId: currentUser(request).id,
      documentId: request.params.id,
      documentPartId: request.body.documentPartId,
    }),
  );

  defineRoute(app, updateDocument, asUser, async (request) =>
    documents.updateDocument({
      userId: currentUser(request).id,
      documentId: request.params.id,
      changes: request.body,
      sourceIp: request.ip,
    }),
  );

  defineRoute(app, chooseActiveContent, asUser, async (request) =>
    documents.chooseActiveContent({
      userId: currentUser(request).id,
      documentId: request.params.id,
      partId: request.params.partId,
      choice: request.body.choice,
    }),
  );

  defineRoute(app, conversionData, asUser, async (request) =>
    documents.conversionData({ userId: currentUser(request).id, documentId: request.params.id }),
  );
}
