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
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';
import { currentUser } from '../../platform/http/authenticate.js';
import type { DocumentService } from './service.js';

const tags = ['documents'];
const security = [{ bearer: [] }];

export const documentRoutes: FastifyPluginAsyncZod<{
  documents: DocumentService;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { documents, requireUser }) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxFileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  app.addHook('preHandler', requireUser);

  app.post(
    createDocument.path,
    { schema: { tags, security, body: createDocument.body, response: { 200: createDocument.response } } },
    async (request) =>
      documents.createDocument({ userId: currentUser(request).id, ...request.body, sourceIp: request.ip }),
  );

  app.get(
    getDocument.path,
    { schema: { tags, security, params: getDocument.params, response: { 200: getDocument.response } } },
    async (request) => documents.getDocument({ userId: currentUser(request).id, documentId: request.params.id }),
  );

  app.post(
    fileUpload.path,
    {
      schema: {
        tags,
        security,
        params: fileUpload.params,
        consumes: ['multipart/form-data'],
        response: { 200: fileUpload.response },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    fileClean.path,
    {
      schema: { tags, security, params: fileClean.params, body: fileClean.body, response: { 200: fileClean.response } },
    },
    async (request) =>
      documents.cleanFiles({
        userId: currentUser(request).id,
        documentId: request.params.id,
        documentPartId: request.body.documentPartId,
      }),
  );

  app.patch(
    updateDocument.path,
    {
      schema: {
        tags,
        security,
        params: updateDocument.params,
        body: updateDocument.body,
        response: { 200: updateDocument.response },
      },
    },
    async (request) =>
      documents.updateDocument({
        userId: currentUser(request).id,
        documentId: request.params.id,
        changes: request.body,
      }),
  );

  app.patch(
    chooseActiveContent.path,
    {
      schema: {
        tags,
        security,
        params: chooseActiveContent.params,
        body: chooseActiveContent.body,
        response: { 200: chooseActiveContent.response },
      },
    },
    async (request) =>
      documents.chooseActiveContent({
        userId: currentUser(request).id,
        documentId: request.params.id,
        partId: request.params.partId,
        choice: request.body.choice,
      }),
  );

  app.get(
    conversionData.path,
    { schema: { tags, security, params: conversionData.params, response: { 200: conversionData.response } } },
    async (request) => documents.conversionData({ userId: currentUser(request).id, documentId: request.params.id }),
  );
};
