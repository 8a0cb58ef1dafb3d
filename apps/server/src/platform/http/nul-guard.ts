import { Readable } from 'node:stream';
import { MESSAGES } from '@esign/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from './error-handler.js';

/** Where in `value` a string (or an object's key) holds U+0000, as a property path; null when none does. */
export function findNul(value: unknown): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value) || value instanceof Readable) return null;
  // An array's entries are its indexes and items; the path is built only on the way back from a find.
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [key.replaceAll('\u0000', '\\u0000')];
    const found = findNul(item);
    if (found) return [key, ...found];
  }
  return null;
}

const PARTS = ['params', 'querystring', 'body'] as const;
const partOf = (request: FastifyRequest, part: (typeof PARTS)[number]) =>
  part === 'querystring' ? request.query : request[part];

/**
 * U+0000 anywhere in a request's path parameters, query or JSON body (as the route's schema let it through) is
 * refused with 400 before the handler runs: PostgreSQL's text cannot hold it (the database answered 500), and no
 * field of this product means it. The shared field rules refuse it first, with the field's own message, where they
 * apply; this is the floor under every field, including those whose schema is a bare string.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const part of PARTS) {
      const path = findNul(partOf(request, part));
      if (path) {
        throw validationError([{ path, keyword: 'controlCharacters', message: MESSAGES.controlCharacters }], part);
      }
    }
  });
}
