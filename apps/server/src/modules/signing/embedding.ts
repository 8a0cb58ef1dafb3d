import type { FastifyReply, FastifyRequest } from 'fastify';
import { findSigningSession } from '../../data/signing-tokens.js';
import type { Db } from '../../platform/db/client.js';
import { allowFramingBy } from '../../platform/http/security.js';

/** The signer page's address, as `signingUrl` makes it. */
const SIGNER_PAGE = /^\/documents\/([0-9a-f-]{36})\/sign$/i;

/**
 * Embedded signing: the signer page of a document made by the public API may be framed by its key's allowed origins
 * (documents.embed_origins), and only when the request carries a live signing token of that document: every other
 * page keeps `frame-ancestors 'none'`.
 */
export function embeddedSignerFraming(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET') return;
    const [path, search = ''] = request.url.split('?');
    const documentId = SIGNER_PAGE.exec(path ?? '')?.[1];
    if (!documentId) return;
    const token = new URLSearchParams(search).get('signAccessToken');
    if (!token) return;
    const session = await findSigningSession(db, { documentId, token });
    if (!session || session.document.embedOrigins.length === 0) return;
    allowFramingBy(reply, session.document.embedOrigins);
  };
}
