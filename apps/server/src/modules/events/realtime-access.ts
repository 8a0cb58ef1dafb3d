import type { Db } from '../../platform/db/client.js';
import { documentRoom, type RealtimeAuthenticator, userRoom } from '../../platform/realtime.js';
import type { AuthService } from '../auth/auth.service.js';
import { findSignerByToken } from '../signing/signing-tokens.repository.js';

/**
 * Who a socket is: `{token}` a user's access token (as the API's bearer token: a session that ended or a token
 * older than the last password change is refused) joins that user's room; `{signerToken, documentId}` a signing
 * link's token joins its document's room. Anything else is refused.
 */
export function realtimeAuthenticator(deps: { db: Db; auth: AuthService }): RealtimeAuthenticator {
  return async (auth) => {
    if (typeof auth.token === 'string') {
      const user = await deps.auth.authenticate(auth.token).catch(() => undefined);
      return user ? [userRoom(user.id)] : undefined;
    }
    if (typeof auth.signerToken === 'string' && typeof auth.documentId === 'string') {
      if (!/^[0-9a-f-]{36}$/i.test(auth.documentId)) return undefined;
      const signer = await findSignerByToken(deps.db, { documentId: auth.documentId, token: auth.signerToken });
      return signer ? [documentRoom(auth.documentId)] : undefined;
    }
    return undefined;
  };
}
