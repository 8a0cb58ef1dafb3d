import type { SignInResponse } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { linkParam, uniqueEmail, waitForMail } from './app.js';

/** Thin helpers over `app.inject()` for the auth routes. */
export function authClient(app: FastifyInstance) {
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

  async function signIn(email: string, password: string, remoteAddress?: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_in',
      payload: { email, password },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    return { response, body: response.json<SignInResponse>() };
  }

  /** Signs a new user up and confirms the e-mail through the mailed link. */
  async function confirmedUser(options: { password?: string; name?: string } = {}) {
    const email = uniqueEmail();
    const password = options.password ?? 'secret1';
    await post('/auth/sign_up', { name: options.name ?? 'Ada Lovelace', email, password });
    const mail = await waitForMail(app, email, { subject: /confirm/i });
    const confirmed = await post('/auth/confirm_email/confirm', { token: linkParam(mail, 'emailConfirmationToken') });
    if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
    return { email, password };
  }

  /** A confirmed user with a live session. */
  async function loggedInUser() {
    const user = await confirmedUser();
    const { body } = await signIn(user.email, user.password);
    if (body.type !== 'authorized') throw new Error(`sign-in answered ${body.type}`);
    return { ...user, accessToken: body.accessToken, refreshToken: body.refreshToken, id: body.user.id };
  }

  return { post, signIn, confirmedUser, loggedInUser };
}

/** Every setting of PATCH user/profile, each other than a new user's. */
export const PROFILE = {
  name: 'Ada Byron',
  dateFormat: 'DD/MM/YY',
  timezone: 'Asia/Kolkata',
  isReceivingReminders: false,
  isReceivingSigned: true,
  isReceivingSignerSigned: false,
  isReceivingOpenedSigning: true,
  isReceivingCompletedDocument: true,
  isSendingCompletedDocument: false,
  isSendingToAllPartiesInOrderedDocument: true,
  isReceivingSignatureRequestsDailyReport: true,
};
