import { randomUUID } from 'node:crypto';
import {
  EMAIL_CONFIRMATION_TTL_SECONDS,
  emailDomainOf,
  MESSAGES,
  normalizeEmail,
  REFRESH_TOKEN_TTL_SECONDS,
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_FAILURE_WINDOW_SECONDS,
  type SignInResponse,
  type TokenPair,
  type TwoFactorType,
} from '@esign/shared';
import { verify } from '@node-rs/argon2';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { claimUnconfirmedAccount } from '../../data/claim-account.js';
import * as repo from '../../data/sessions.js';
import { findSsoProviderByDomain } from '../../data/sso.js';
import {
  batchedFindSessionUser,
  confirmEmailOnce,
  findUserByEmail,
  findUserById,
  insertUser,
  toUserDto,
  twoFactorTypeOf,
  type UserRow,
  updateUser,
} from '../../data/users.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { hashToken, randomToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { addressKey } from '../../platform/http/address-key.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { SocketAccess } from '../../platform/realtime.js';
import { type PasskeyService, passkeyRefused, type TwoFactorService } from '../two-factor/index.js';
import type { AuthMailJobs } from './auth.mails.js';
import type { GoogleIdTokens } from './google.js';
import { countSignInAttempt } from './sign-in-limits.js';
import { type AccessTokens, REFRESH_REUSE_WINDOW_SECONDS, type RefreshTokenSuccessor } from './tokens.js';

interface AuthDeps {
  db: Db;
  jobs: JobQueue;
  mails: AuthMailJobs;
  accessTokens: AccessTokens;
  successorOf: RefreshTokenSuccessor;
  twoFactor: TwoFactorService;
  passkeys: PasskeyService;
  /** Google sign-in, when GOOGLE_CLIENT_ID is configured. */
  google: GoogleIdTokens | undefined;
  now: () => Date;
  /** The open sockets of sessions a logout or a password reset ends. */
  sockets: SocketAccess;
}

/** The answer of auth/google_sign_in on a server without GOOGLE_CLIENT_ID (the web app then shows no Google button). */
export const GOOGLE_SIGN_IN_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';

/**
 * The sign-in failures' key of every passkey sign-in (their accounts are unknown until one answers): with the
 * address, it limits passkey sign-ins per address like password ones. Never an account's address (no '@').
 */
const PASSKEY_ATTEMPTS = 'passkey';

export function authService(deps: AuthDeps) {
  const { db, jobs, mails, accessTokens, successorOf, twoFactor, now } = deps;
  const findSessionUser = batchedFindSessionUser(db);
  // Unknown e-mails are checked against this hash so that both answers take the same time.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => {
    dummyHash ??= hashPassword(randomToken());
    return dummyHash;
  };

  /** Stores a refresh token of a session (its family). */
  function storeRefreshToken(tx: Db, params: { userId: string; familyId: string; refreshToken: string }) {
    return repo.insertRefreshToken(tx, {
      userId: params.userId,
      tokenHash: hashToken(params.refreshToken),
      familyId: params.familyId,
      expiresAt: new Date(now().getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
  }

  /** A new session and its first pair (sign-in). */
  async function issueTokens(userId: string): Promise<TokenPair> {
    const familyId = randomUUID();
    await repo.insertSession(db, { id: familyId, userId });
    const refreshToken = randomToken();
    await storeRefreshToken(db, { userId, familyId, refreshToken });
    return { accessToken: await accessTokens.sign(userId, familyId), refreshToken };
  }

  /** A confirmed user's sign-in ends here: tokens, or the second step when a factor is on (no tokens yet). */
  async function finishSignIn(user: UserRow, extra: { isNewUser?: boolean } = {}): Promise<SignInResponse> {
    const type = twoFactorTypeOf(user);
    if (type) return twoFactor.startChallenge(user, type);
    return { type: 'authorized', ...(await issueTokens(user.id)), user: toUserDto(user), ...extra };
  }

  /** The user whose passkey answered a passwordless sign-in's challenge; failures counted per address. */
  async function passkeySignInUser(input: {
    challengeToken: string;
    credential: AuthenticationResponseJSON;
    ip: string;
  }) {
    const since = new Date(now().getTime() - SIGN_IN_FAILURE_WINDOW_SECONDS * 1000);
    const ip = addressKey(input.ip);
    const attempts = await repo.recordSignInAttempt(db, { email: PASSKEY_ATTEMPTS, ip, since });
    if (attempts.byIp > SIGN_IN_FAILURE_LIMIT || attempts.byPair > SIGN_IN_FAILURE_LIMIT) {
      throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManySignInAttempts);
    }
    const userId = await deps.passkeys.verifySignIn(db, { ...input, purpose: 'sign_in' });
    if (userId === undefined) throw passkeyRefused();
    await repo.forgetSignInAttempts(db, { id: attempts.id, email: PASSKEY_ATTEMPTS, ip });
    return userId;
  }

  /**
   * An account whose single sign-on is required signs its domains' people in only through it (issue 38): their
   * password and Google sign-ins are refused, but the account owner's own, so the account cannot be locked out.
   */
  async function refuseWhenSsoRequired(email: string, user: UserRow | undefined) {
    const provider = await findSsoProviderByDomain(db, emailDomainOf(email));
    if (provider?.isRequired && provider.ownerId !== user?.id) throw new AppError('SSO_REQUIRED', MESSAGES.ssoRequired);
  }

  /** The user and session behind an access token (see authenticate). */
  async function authenticateSession(accessToken: string | undefined) {
    if (!accessToken) throw unauthorized();
    const claims = await accessTokens.verify(accessToken);
    const user = await findSessionUser(claims);
    if (!user || claims.issuedAt < Math.floor(user.passwordChangedAt.getTime() / 1000)) throw unauthorized();
    return { user, sessionId: claims.sessionId };
  }

  return {
    /** A new session for a user just made by a confirmed direct-purchase sign-up (auth/sign_up/with_code). */
    startSession: (userId: string) => issueTokens(userId),
    /** A confirmed user's sign-in by another proof (single sign-on): tokens, or the second step. */
    finishSignIn: (user: UserRow) => finishSignIn(user),

    /**
     * Sign-up never tells whether the address is taken. A confirmed account's owner is told someone tried. Otherwise
     * the sign-up's confirmation link is stored with its name and password (the mail job gives it its token):
     * confirming gives the account the password of the link clicked, so an earlier sign-up of the same address by
     * someone else (who cannot read its mail) ends there. The account row keeps the latest sign-up's, which a link
     * sent again (auth/confirm_email/send) confirms.
     */
    async signUp(input: { name: string; email: string; password: string }) {
      const answer = { type: 'email_confirmation_required' as const, email: input.email };
      const passwordHash = await hashPassword(input.password);
      const existing = await findUserByEmail(db, input.email);
      if (existing?.emailConfirmedAt) {
        await jobs.send(mails.alreadyRegisteredMail, { userId: existing.id });
        return answer;
      }
      const account = { name: input.name, passwordHash };
      await jobs.transaction(db, async (tx, queue) => {
        const created = existing ? undefined : await insertUser(tx, { ...account, email: input.email });
        // A concurrent sign-up with the same address may have made the account first: it is read again.
        const user = created ? { id: created.id, emailConfirmedAt: null } : await findUserByEmail(tx, input.email);
        if (!user) return;
        if (user.emailConfirmedAt) {
          await queue(mails.alreadyRegisteredMail, { userId: user.id });
          return;
        }
        if (!created) await updateUser(tx, user.id, account);
        const tokenId = await repo.insertEmailToken(tx, {
          userId: user.id,
          purpose: 'confirm_email',
          // Replaced by the mail job's token: this one's raw value is never known.
          tokenHash: hashToken(randomToken()),
          expiresAt: new Date(now().getTime() + EMAIL_CONFIRMATION_TTL_SECONDS * 1000),
          ...account,
        });
        await queue(mails.confirmationMail, { userId: user.id, tokenId });
      });
      return answer;
    },

    async signIn(input: { email: string; password: string; ip: string }): Promise<SignInResponse> {
      const ip = addressKey(input.ip);
      const attempts = await countSignInAttempt(db, { email: input.email, ip, now: now() });
      const user = await findUserByEmail(db, input.email);
      // Before the password is checked, so the answer says nothing of it.
      await refuseWhenSsoRequired(input.email, user);
      const isValid = user
        ? await verify(user.passwordHash, input.password)
        : await verify(await getDummyHash(), input.password).then(() => false);
      if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);

      await repo.forgetSignInAttempts(db, { id: attempts.id, email: input.email, ip });
      if (Math.random() < 0.01) await repo.pruneSignInAttempts(db, attempts.since);
      if (!user.emailConfirmedAt) return { type: 'email_not_confirmed' };
      return finishSignIn(user);
    },

    /** auth/sign_in/twillio and auth/sign_in/google_authenticator: the second step's code, then the tokens. */
    async completeTwoFactor(input: { type: TwoFactorType; twoFactorToken: string; code: string; ip: string }) {
      const userId = await twoFactor.completeChallenge(input);
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized();
      return { type: 'authorized' as const, ...(await issueTokens(user.id)), user: toUserDto(user) };
    },

    /**
     * auth/sign_in/passkey: with a two-factor token, that sign-in's second step; without, a sign-in instead of the
     * password, limited per address like one (the authenticator verified its user: no second step follows). Every
     * failure answers the same.
     */
    async passkeySignIn(input: {
      challengeToken: string;
      credential: AuthenticationResponseJSON;
      twoFactorToken?: string | undefined;
      ip: string;
    }) {
      const { twoFactorToken, ...rest } = input;
      const userId =
        twoFactorToken !== undefined
          ? await twoFactor.completeChallengeWithPasskey({ ...rest, twoFactorToken })
          : await passkeySignInUser(rest);
      const user = await findUserById(db, userId);
      if (!user?.emailConfirmedAt) throw passkeyRefused();
      // A passwordless passkey is a way round the company's provider too; a passkey as the second step of a
      // password sign-in was refused before it (at the password).
      if (twoFactorToken === undefined) await refuseWhenSsoRequired(user.email, user);
      return { type: 'authorized' as const, ...(await issueTokens(user.id)), user: toUserDto(user) };
    },

    /**
     * auth/google_sign_in: the user of a verified Google address, made when there is none ('Your account has been
     * created.'). An unconfirmed account of that address gets a new random password first: whoever signed it up
     * without owning the address loses it (account pre-hijacking).
     */
    async googleSignIn(input: { token: string }): Promise<SignInResponse> {
      if (!deps.google) throw new AppError('NOT_CONFIGURED', GOOGLE_SIGN_IN_NOT_CONFIGURED);
      const identity = await deps.google.verify(input.token);
      const email = normalizeEmail(identity.email);
      const current = now();
      const existing = await findUserByEmail(db, email);
      await refuseWhenSsoRequired(email, existing);
      if (existing) {
        if (!existing.emailConfirmedAt) {
          const passwordHash = await hashPassword(randomToken());
          await db.transaction((tx) => claimUnconfirmedAccount(tx, { userId: existing.id, at: current, passwordHash }));
          deps.sockets.endSessions({ userId: existing.id });
        }
        return finishSignIn({ ...existing, emailConfirmedAt: existing.emailConfirmedAt ?? current });
      }
      const name = (identity.name?.trim() || email.split('@')[0] || email).slice(0, 100);
      const passwordHash = await hashPassword(randomToken());
      const created = await insertUser(db, { name, email, passwordHash });
      if (created) await confirmEmailOnce(db, { userId: created.id, at: current });
      const user = await findUserByEmail(db, email);
      if (!user) throw unauthorized();
      return finishSignIn(user, { isNewUser: created !== undefined });
    },

    /**
     * Rotation: the presented token is revoked and its successor stored, in one transaction. The same token again
     * within REFRESH_REUSE_WINDOW_SECONDS (two tabs, a retried request) answers that successor; later, or once the
     * successor is spent, it was copied and the whole session ends.
     */
    async refresh(input: { refreshToken: string | undefined }): Promise<TokenPair> {
      if (!input.refreshToken) throw unauthorized();
      const tokenHash = hashToken(input.refreshToken);
      const refreshToken = successorOf(input.refreshToken);
      const current = now();
      const rotated = await db.transaction(async (tx) => {
        const revoked = await repo.revokeLiveRefreshToken(tx, { tokenHash, now: current });
        if (revoked) await storeRefreshToken(tx, { ...revoked, refreshToken });
        return revoked;
      });
      const session =
        rotated ??
        (await repo.findRecentlyRotatedRefreshToken(db, {
          tokenHash,
          successorHash: hashToken(refreshToken),
          since: new Date(current.getTime() - REFRESH_REUSE_WINDOW_SECONDS * 1000),
          now: current,
        }));
      if (session) return { accessToken: await accessTokens.sign(session.userId, session.familyId), refreshToken };
      // A rotated token presented again was copied: the whole session ends, on both sides.
      const familyId = await repo.findRefreshTokenFamily(db, tokenHash);
      if (familyId) {
        await repo.revokeRefreshTokens(db, { familyId, now: current });
        await repo.endSessions(db, { sessionId: familyId, now: current });
        deps.sockets.endSessions({ sessionId: familyId });
      }
      throw unauthorized();
    },

    /** Ends the session of the refresh token: its refresh tokens and every access token issued in it stop working. */
    async logout(input: { refreshToken: string }): Promise<void> {
      const current = now();
      const familyId = await repo.findRefreshTokenFamily(db, hashToken(input.refreshToken));
      if (!familyId) return;
      await db.transaction(async (tx) => {
        await repo.revokeRefreshTokens(tx, { familyId, now: current });
        await repo.endSessions(tx, { sessionId: familyId, now: current });
      });
      deps.sockets.endSessions({ sessionId: familyId });
    },

    /** The link's sign-up's password (and name) become the account's; see claimUnconfirmedAccount. */
    async confirmEmail(input: { token: string }) {
      const current = now();
      const userId = await db.transaction(async (tx) => {
        const link = await repo.consumeConfirmationToken(tx, { tokenHash: hashToken(input.token), now: current });
        if (!link) throw new AppError('LINK_INVALID', MESSAGES.linkInvalid);
        await claimUnconfirmedAccount(tx, { ...link, at: current });
        return link.userId;
      });
      deps.sockets.endSessions({ userId });
      return { message: MESSAGES.emailConfirmed };
    },

    async sendConfirmationEmail(input: { email: string }) {
      const user = await findUserByEmail(db, input.email);
      if (user && !user.emailConfirmedAt) await jobs.send(mails.confirmationMail, { userId: user.id });
      return { message: MESSAGES.emailSent };
    },

    async requestPasswordReset(input: { email: string }) {
      const user = await findUserByEmail(db, input.email);
      if (user) await jobs.send(mails.passwordResetMail, { userId: user.id });
      return { message: MESSAGES.passwordResetSent };
    },

    /** Sets the new password, ends every session, and spends every other reset link of the user. */
    async changePassword(input: { token: string; password: string }) {
      const passwordHash = await hashPassword(input.password);
      const current = now();
      const userId = await db.transaction(async (tx) => {
        const userId = await repo.consumeEmailToken(tx, {
          tokenHash: hashToken(input.token),
          purpose: 'reset_password',
          now: current,
        });
        if (!userId) throw new AppError('LINK_INVALID', MESSAGES.linkInvalid);
        await updateUser(tx, userId, { passwordHash, passwordChangedAt: current });
        // Receiving the reset mail proves the address belongs to the user.
        await confirmEmailOnce(tx, { userId, at: current });
        await repo.expireEmailTokens(tx, { userId, purpose: 'reset_password', now: current });
        await repo.revokeRefreshTokens(tx, { userId, now: current });
        await repo.endSessions(tx, { userId, now: current });
        return userId;
      });
      deps.sockets.endSessions({ userId });
      return { message: MESSAGES.passwordChanged };
    },

    /**
     * The user behind an access token; a token of an ended session (logout) or older than the last password change
     * is refused.
     */
    async authenticate(accessToken: string | undefined) {
      return (await authenticateSession(accessToken)).user;
    },

    authenticateSession,
  };
}
export type AuthService = ReturnType<typeof authService>;
