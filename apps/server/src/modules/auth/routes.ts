import {
  changePassword,
  confirmEmail,
  logout,
  refreshToken,
  sendConfirmationEmail,
  sendPasswordResetMail,
  signIn,
  signUp,
} from '@esign/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './service.js';
import { bearerToken } from './tokens.js';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(signUp.path, { schema: { tags, body: signUp.body, response: { 200: signUp.response } } }, async (request) =>
    auth.signUp(request.body),
  );

  app.post(signIn.path, { schema: { tags, body: signIn.body, response: { 200: signIn.response } } }, async (request) =>
    auth.signIn({ ...request.body, ip: request.ip }),
  );

  app.get(
    refreshToken.path,
    { schema: { tags, security: [{ bearer: [] }], response: { 200: refreshToken.response } } },
    async (request) => auth.refresh({ refreshToken: bearerToken(request.headers.authorization) }),
  );

  app.post(logout.path, { schema: { tags, body: logout.body } }, async (request, reply) => {
    await auth.logout(request.body);
    return reply.status(204).send();
  });

  app.post(
    confirmEmail.path,
    { schema: { tags, body: confirmEmail.body, response: { 200: confirmEmail.response } } },
    async (request) => auth.confirmEmail(request.body),
  );

  app.post(
    sendConfirmationEmail.path,
    { schema: { tags, body: sendConfirmationEmail.body, response: { 200: sendConfirmationEmail.response } } },
    async (request) => auth.sendConfirmationEmail(request.body),
  );

  app.post(
    sendPasswordResetMail.path,
    { schema: { tags, body: sendPasswordResetMail.body, response: { 200: sendPasswordResetMail.response } } },
    async (request) => auth.requestPasswordReset(request.body),
  );

  app.post(
    changePassword.path,
    { schema: { tags, body: changePassword.body, response: { 200: changePassword.response } } },
    async (request) => auth.changePassword(request.body),
  );
};

/** The pre-handler of every route that needs a logged-in user. */
export function requireUser(auth: AuthService): preHandlerAsyncHookHandler {
  return async (request) => {
    request.user = await auth.authenticate(bearerToken(request.headers.authorization));
  };
}
