import { addPasskey, deletePasskey, listPasskeys, passkeyRegistrationOptions, renamePasskey } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { PasskeyService } from './passkeys.service.js';

const loggedIn = { tags: ['user'], auth: 'user' } as const;

/** The logged-in user's passkeys (signing in with one is in the auth routes). */
export async function passkeyRoutes(app: FastifyInstance, { passkeys }: { passkeys: PasskeyService }) {
  defineRoute(app, passkeyRegistrationOptions, loggedIn, async (request) =>
    passkeys.registrationOptions({ user: currentUser(request) }),
  );
  defineRoute(app, addPasskey, loggedIn, async (request) =>
    passkeys.add({ user: currentUser(request), ...request.body }),
  );
  defineRoute(app, listPasskeys, loggedIn, async (request) => passkeys.list({ user: currentUser(request) }));
  defineRoute(app, renamePasskey, loggedIn, async (request) =>
    passkeys.rename({ user: currentUser(request), id: request.params.id, name: request.body.name }),
  );
  defineRoute(app, deletePasskey, loggedIn, async (request) =>
    passkeys.remove({
      user: currentUser(request),
      id: request.params.id,
      password: request.body.password,
      ip: request.ip,
    }),
  );
}
