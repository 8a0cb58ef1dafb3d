import { type Requisite, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { issueSigningToken } from '../src/data/signing-tokens.js';
import { signers } from '../src/platform/db/schema.js';

export async function pngBase64(width = 300, height = 80): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M10 ${height - 20} L${width - 10} 20" stroke="black" stroke-width="4"/></svg>`,
        ),
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
  return bytes.toString('base64');
}

/** The saved-signature routes' calls of a test file, on the app `app()` answers (made in its beforeAll). */
export function requisiteCalls(app: () => FastifyInstance, png: () => string) {
  const db = () => app().platform.database.db;

  /** A signer of a fresh document of `documentOwner` and a live link token for it. */
  async function signerWithToken(documentOwner: { id: string; headers: Record<string, string> }, userId?: string) {
    const created = await app().inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: documentOwner.headers,
      payload: { type: 'me_and_other' },
    });
    const documentId = created.json<{ id: string }>().id;
    const [signer] = await db()
      .insert(signers)
      .values({ documentId, name: 'Grace Hopper', email: 'grace@example.com', order: 1, userId: userId ?? null })
      .returning();
    if (!signer) throw new Error('no signer');
    const token = await issueSigningToken(db(), { documentId, signerId: signer.id });
    return { documentId, signer, headers: { [SIGN_ACCESS_TOKEN_HEADER]: token } };
  }

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app().inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  function drawnPair(image = png()) {
    return {
      requisites: [
        { type: 'sign', valueType: 'draw', image },
        { type: 'initial', valueType: 'draw', image },
      ],
    };
  }

  async function createPair(headers: Record<string, string>, body: object = drawnPair()) {
    const response = await call('POST', '/requisites', headers, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Requisite[]>();
  }

  async function list(headers: Record<string, string>, withDeleted = false) {
    const response = await call('GET', `/requisites${withDeleted ? '?withDeleted=true' : ''}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Requisite[]>();
  }

  /** Follows a signed URL of the local driver through the app itself. */
  function follow(url: string) {
    const { pathname, search } = new URL(url);
    return app().inject({ method: 'GET', url: `${pathname}${search}` });
  }

  return { db, signerWithToken, call, drawnPair, createPair, list, follow };
}
