import { findSigningSession } from '../../data/signing-tokens.js';
import type { Db } from '../../platform/db/client.js';
import type { Authenticator } from '../../platform/http/authenticate.js';
import { documentRoom, type RealtimeAuthenticator, sessionRoom, teamRoom, userRoom } from '../../platform/realtime.js';
import { can, userActor } from '../access/index.js';

/**
 * Who a socket is: `{token}` a user's access token (as the API's bearer token: a session that ended or a token
 * older than the last password change is refused) joins that user's room and its session's, and a team's owner or
 * admin the team's room (the team's documents are theirs to view); a logout, a new password, a removal or a role
 * change later closes or narrows it (`SocketAccess`); `{signerToken, documentId}` a signing
 * link's token joins its document's room. Anything else is refused.
 */
export function realtimeAuthenticator(deps: { db: Db; auth: Authenticator }): RealtimeAuthenticator {
  return async (auth) => {
    if (typeof auth.token === 'string') {
      const session = await deps.auth.authenticateSession(auth.token).catch(() => undefined);
      if (!session) return undefined;
      const { user, sessionId } = session;
      // A teammate's document as the policy sees it: whoever may view it there hears its events too.
      const teammates = user.teamId
        ? can(userActor(user.id, { actorTeamId: user.teamId, actorTeamRole: user.teamRole }), 'document.view', {
            kind: 'document',
            id: '',
            ownerId: '',
            teamId: user.teamId,
          })
        : false;
      return [userRoom(user.id), sessionRoom(sessionId), ...(teammates && user.teamId ? [teamRoom(user.teamId)] : [])];
    }
    if (typeof auth.signerToken === 'string' && typeof auth.documentId === 'string') {
      if (!/^[0-9a-f-]{36}$/i.test(auth.documentId)) return undefined;
      const session = await findSigningSession(deps.db, { documentId: auth.documentId, token: auth.signerToken });
      return session ? [documentRoom(auth.documentId)] : undefined;
    }
    return undefined;
  };
}
