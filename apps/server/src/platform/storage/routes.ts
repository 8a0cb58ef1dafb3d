import type { Readable } from 'node:stream';
import { MESSAGES } from '@esign/shared';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors.js';
import { assertSafeKey } from './keys.js';
import { LOCAL_FILES_PATH, type LocalStorage } from './local.js';
import { contentDisposition } from './storage.js';

/** Bytes one signed PUT may carry: the largest file the product accepts. */
export const MAX_PUT_BYTES = 41_943_040;

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  json: 'application/json',
  zip: 'application/zip',
};

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

interface SignedQuery {
  op?: string;
  expires?: string;
  signature?: string;
  name?: string;
  type?: string;
}

const refused = () => new AppError('FORBIDDEN', 'This link is invalid or has expired.');

/**
 * The local driver's signed URLs: `GET|PUT /api/v1/files/<key>?op&expires&signature`.
 * Anything altered (key, operation, expiry, name, type) or expired is refused with 403.
 */
export const localFileRoutes: FastifyPluginAsync<{ storage: LocalStorage }> = async (app, { storage }) => {
  const prefix = LOCAL_FILES_PATH.replace(/^\/api\/v1/, '');

  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  function verified(params: unknown, query: SignedQuery, operation: 'get' | 'put') {
    const key = (params as { '*': string })['*'];
    try {
      assertSafeKey(key);
    } catch {
      throw refused();
    }
    const expires = Number(query.expires);
    if (query.op !== operation || !Number.isInteger(expires) || !query.signature) throw refused();
    const isValid = storage.verify(
      { key, operation, expires, downloadName: query.name, contentType: query.type },
      query.signature,
    );
    if (!isValid) throw refused();
    return key;
  }

  app.get(`${prefix}/*`, { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as SignedQuery;
    const key = verified(request.params, query, 'get');
    if (!(await storage.exists(key))) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    reply.header('content-type', contentTypeOf(key));
    reply.header('cache-control', 'private, max-age=300');
    if (query.name) reply.header('content-disposition', contentDisposition('attachment', query.name));
    return reply.send(await storage.get(key));
  });

  app.put(`${prefix}/*`, { schema: { hide: true }, bodyLimit: MAX_PUT_BYTES }, async (request, reply) => {
    const query = request.query as SignedQuery;
    const key = verified(request.params, query, 'put');
    if (query.type && request.headers['content-type'] !== query.type) throw refused();
    await storage.put(key, request.body as Readable, query.type ?? 'application/octet-stream');
    return reply.status(200).send();
  });
};
