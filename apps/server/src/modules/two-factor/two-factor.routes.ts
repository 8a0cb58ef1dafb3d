import {
  disableGoogleAuthenticator,
  disableTwilio,
  enableGoogleAuthenticator,
  generateTwilioCode,
  verifyGoogleCode,
  verifyPhone,
} from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { TwoFactorService } from './two-factor.service.js';

const loggedIn = { tags: ['user'], auth: 'user' } as const;

/** The logged-in user's second factors (the sign-in's second step is in the auth routes). */
export async function twoFactorRoutes(app: FastifyInstance, { twoFactor }: { twoFactor: TwoFactorService }) {
  defineRoute(app, generateTwilioCode, loggedIn, async (request) =>
    twoFactor.generateSmsCode({ user: currentUser(request), scope: request.query.scope, phone: request.body.phone }),
  );
  defineRoute(app, verifyPhone, loggedIn, async (request) =>
    twoFactor.verifyPhone({ user: currentUser(request), ...request.body }),
  );
  defineRoute(app, disableTwilio, loggedIn, async (request) =>
    twoFactor.disableSms({ user: currentUser(request), code: request.body.code }),
  );
  defineRoute(app, enableGoogleAuthenticator, loggedIn, async (request) =>
    twoFactor.enableAuthenticator({ user: currentUser(request) }),
  );
  defineRoute(app, verifyGoogleCode, loggedIn, async (request) =>
    twoFactor.verifyAuthenticator({ user: currentUser(request), code: request.body.code, ip: request.ip }),
  );
  defineRoute(app, disableGoogleAuthenticator, loggedIn, async (request) =>
    twoFactor.disableAuthenticator({ user: currentUser(request), code: request.body.code, ip: request.ip }),
  );
}
