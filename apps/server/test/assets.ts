import { API_PREFIX } from '@esign/shared';
import type { FastifyInstance } from 'fastify';

type Session = { accessToken: string };

/** One API call as `session` (or anonymous), by method and path under /api/v1. */
export function sessionCall(app: FastifyInstance) {
  return (session: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url: `${API_PREFIX}${url}`,
      ...(session ? { headers: { authorization: `Bearer ${session.accessToken}` } } : {}),
      ...(payload ? { payload } : {}),
    });
}

/** Puts `bytes` where auth/put_signed_asset_url says, as the browser's PUT would; answers the upload's key. */
export async function uploadAsset(app: FastifyInstance, session: Session, bytes: Buffer, fileName = 'picture.png') {
  const answer = await sessionCall(app)(session, 'POST', '/auth/put_signed_asset_url', {
    fileName,
    contentType: 'image/png',
  });
  const { key } = answer.json<{ key: string }>();
  await app.platform.storage.put(key, bytes, 'image/png');
  return key;
}
