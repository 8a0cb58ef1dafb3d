import {
  changePassword,
  confirmEmail,
  googleSignIn,
  logout,
  prepareSignUp,
  refreshToken,
  sendConfirmationEmail,
  sendPasswordResetMail,
  signIn,
  signInGoogleAuthenticator,
  signInPasskey,
  signInPasskeyOptions,
  signInTwilio,
  signUp,
  signUpWithCode,
} from '@esign/shared';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { bearerToken } from '../../platform/http/bearer.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { type PasskeyService, smsCodeText } from '../two-factor/index.js';
import type { AuthService } from './auth.service.js';
import type { DirectPurchase } from './direct-purchase.js';

const open = { tags: ['auth'], auth: 'none' } as const;

export async function authRoutes(
  app: FastifyInstance,
  { auth, purchase, passkeys }: { auth: AuthService; purchase: DirectPurchase; passkeys: PasskeyService },
) {
  defineRoute(app, signUp, open, async (request) => auth.signUp(request.body));
  defineRoute(app, prepareSignUp, open, async (request) => purchase.prepare(request.body));
  defineRoute(app, signUpWithCode, open, async (request) => purchase.confirm(request.body));
  defineRoute(app, signIn, open, async (request) => auth.signIn({ ...request.body, ip: request.ip }));
  defineRoute(app, signInTwilio, open, async (request) =>
    auth.completeTwoFactor({ ...request.body, type: 'twillio', code: smsCodeText(request.body.code), ip: request.ip }),
  );
  defineRoute(app, signInGoogleAuthenticator, open, async (request) =>
    auth.completeTwoFactor({ ...request.body, type: 'google', ip: request.ip }),
  );
  defineRoute(app, signInPasskeyOptions, open, async (request) =>
    passkeys.signInOptions({ ...request.body, ip: request.ip }),
  );
  defineRoute(app, signInPasskey, open, async (request) => auth.passkeySignIn({ ...request.body, ip: request.ip }));
  // Always routed; without GOOGLE_CLIENT_ID it answers 501 NOT_CONFIGURED.
  defineRoute(app, googleSignIn, open, async (request) => auth.googleSignIn(request.body));
  defineRoute(app, refreshToken, { ...open, auth: 'bearerKey' }, async (request) =>
    auth.refresh({ refreshToken: bearerToken(request.headers.authorization) }),
  );
  defineRoute(app, logout, { ...open, status: 204 }, async (request) => auth.logout(request.body));
  defineRoute(app, confirmEmail, open, async (request) => auth.confirmEmail(request.body));
  defineRoute(app, sendConfirmationEmail, open, async (request) => auth.sendConfirmationEmail(request.body));
  defineRoute(app, sendPasswordResetMail, open, async (request) => auth.requestPasswordReset(request.body));
  defineRoute(app, changePassword, open, async (request) => auth.changePassword(request.body));
}

/** The pre-handler of every route that needs a logged-in user. */
export function requireUser(auth: AuthService): preHandlerAsyncHookHandler {
  return async (request) => {
    const { user, sessionId } = await auth.authenticateSession(bearerToken(request.headers.authorization));
    request.user = user;
    request.sessionId = sessionId;
  };
}
