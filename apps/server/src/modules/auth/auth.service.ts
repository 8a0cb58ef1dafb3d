import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  normalizeEmail,
  REFRESH_TOKEN_TTL_SECONDS,
  SIGN_IN_ACCOUNT_FAILURE_LIMIT,
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_FAILURE_WINDOW_SECONDS,
  type SignInResponse,
  type TokenPair,
  type TwoFactorType,
} from '@esign/shared';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { Db } from '../../platform/db/client.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { addressKey } from '../../platform/http/address-key.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { SocketAccess } from '../../platform/realtime.js';
import type { TwoFactorService } from '../two-factor/two-factor.service.js';
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
} from '../users/users.repository.js';
import type { AuthMailJobs } from './auth.mails.js';
import * as repo from './auth.repository.js';
import type { GoogleIdTokens } from './google.js';
import { type AccessTokens, hashToken, randomToken } from './tokens.js';

interface AuthDeps {
  db: Db;
  jobs: JobQueue;
  mails: AuthMailJobs;
  accessTokens: AccessTokens;
  twoFactor: TwoFactorService;
  /** Google sign-in, when GOOGLE_CLIENT_ID is configured. */
  google: GoogleIdTokens | undefined;
  now: () => Date;
  /** The open sockets of sessions a logout or a password reset ends. */
  sockets: SocketAccess;
}

/** argon2id (the library's const enum value 2) with the library's defaults: 19 MiB, 2 passes. */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id };

/** The stored hash of a new password (sign-up, reset, the profile). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function authService(deps: AuthDeps) {
  const { db, jobs, mails, accessTokens, twoFactor, now } = deps;
  const findSessionUser = batchedFindSessionUser(db);
  // Unknown e-mails are checked against this hash so that both answers take the same time.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => {
    dummyHash ??= hash(randomToken(), ARGON2_OPTIONS);
    return dummyHash;
  };

  /** A new pair for a session: a new one at sign-in; on refresh, the family's (which is the session's id). */
  async function issueTokens(userId: string, sessionId?: string): Promise<TokenPair> {
    const familyId = sessionId ?? randomUUID();
    if (!sessionId) await repo.insertSession(db, { id: familyId, userId });
    const refreshToken = randomToken();
    await repo.insertRefreshToken(db, {
      userId,
      tokenHash: hashToken(refreshToken),
      familyId,
      expiresAt: new Date(now().getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return { accessToken: await accessTokens.sign(userId, familyId), refreshToken };
  }

  /** A confirmed user's sign-in ends here: tokens, or the second step when a factor is on (no tokens yet). */
  async function finishSignIn(user: UserRow, extra: { isNewUser?: boolean } = {}): Promise<SignInResponse> {
    const type = twoFactorTypeOf(user);
    if (type) return twoFactor.startChallenge(user, type);
    return { type: 'authorized', ...(await issueTokens(user.id)), user: toUserDto(user), ...extra };
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

    async signUp(input: { name: string; email: string; password: string }) {
      const existing = await findUserByEmail(db, input.email);
      if (existing) {
        await jobs.send(existing.emailConfirmedAt ? mails.alreadyRegisteredMail : mails.confirmationMail, {
          userId: existing.id,
        });
        return { type: 'email_confirmation_required' as const, email: input.email };
      }
      const passwordHash = await hash(input.password, ARGON2_OPTIONS);
      const created = await insertUser(db, { name: input.name, email: input.email, passwordHash });
      // A concurrent sign-up with the same address won the race: answer exactly as above.
      const userId = created?.id ?? (await findUserByEmail(db, input.email))?.id;
      if (userId) await jobs.send(created ? mails.confirmationMail : mails.alreadyRegisteredMail, { userId });
      return { type: 'email_confirmation_required' as const, email: input.email };
    },

    async signIn(input: { email: string; password: string; ip: string }): Promise<SignInResponse> {
      const since = new Date(now().getTime() - SIGN_IN_FAILURE_WINDOW_SECONDS * 1000);
      const ip = addressKey(input.ip);
      const attempts = await repo.recordSignInAttempt(db, { email: input.email, ip, since });
      // Limited per address and per address and account; the account's own limit is far higher, so that failures
      // from elsewhere do not lock its owner out (the correct password from a clean address still signs in).
      if (
        attempts.byIp > SIGN_IN_FAILURE_LIMIT ||
        attempts.byPair > SIGN_IN_FAILURE_LIMIT ||
        attempts.byEmail > SIGN_IN_ACCOUNT_FAILURE_LIMIT
      ) {
        throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManySignInAttempts);
      }
      const user = await findUserByEmail(db, input.email);
      const isValid = user
        ? await verify(user.passwordHash, input.password)
        : await verify(await getDummyHash(), input.password).then(() => false);
      if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);

      await repo.forgetSignInAttempts(db, { id: attempts.id, email: input.email, ip });
      if (Math.random() < 0.01) await repo.pruneSignInAttempts(db, since);
      if (!user.emailConfirmedAt) return { type: 'email_not_confirmed' };
      return finishSignIn(user);
    },

    /** auth/sign_in/twillio and auth/sign_in/google_authenticator: the second step's code, then the tokens. */
    async completeTwoFactor(input: { type: TwoFactorType; twoFactorToken: string; code: string }) {
      const userId = await twoFactor.completeChallenge(input);
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized();
      return { type: 'authorized' as const, ...(await issueTokens(user.id)), user: toUserDto(user) };
    },

    /**
     * auth/google_sign_in: the user of a verified Google address, made when there is none ('Your account has been
     * created.'). An unconfirmed account of that address gets a new random password first: whoever signed it up
     * without owning the address loses it (account pre-hijacking).
     */
    async googleSignIn(input: { token: string }): Promise<SignInResponse> {
      if (!deps.google) throw unauthorized();
      const identity = await deps.google.verify(input.token);
      const email = normalizeEmail(identity.email);
      const current = now();
      const existing = await findUserByEmail(db, email);
      if (existing) {
        if (!existing.emailConfirmedAt) {
          const passwordHash = await hash(randomToken(), ARGON2_OPTIONS);
          await db.transaction(async (tx) => {
            await updateUser(tx, existing.id, { passwordHash, passwordChangedAt: current, emailConfirmedAt: current });
            await repo.revokeRefreshTokens(tx, { userId: existing.id, now: current });
            await repo.endSessions(tx, { userId: existing.id, now: current });
          });
        }
        return finishSignIn({ ...existing, emailConfirmedAt: existing.emailConfirmedAt ?? current });
      }
      const name = (identity.name?.trim() || email.split('@')[0] || email).slice(0, 100);
      const passwordHash = await hash(randomToken(), ARGON2_OPTIONS);
      const created = await insertUser(db, { name, email, passwordHash });
      if (created) await confirmEmailOnce(db, { userId: created.id, at: current });
      const user = await findUserByEmail(db, email);
      if (!user) throw unauthorized();
      return finishSignIn(user, { isNewUser: created !== undefined });
    },

    /** Rotation: the presented token is revoked and a new pair issued. A replayed old token revokes its family. */
    async refresh(input: { refreshToken: string | undefined }): Promise<TokenPair> {
      if (!input.refreshToken) throw unauthorized();
      const tokenHash = hashToken(input.refreshToken);
      const current = now();
      const revoked = await repo.revokeLiveRefreshToken(db, { tokenHash, now: current });
      if (!revoked) {
        // A rotated token presented again was copied: the whole session ends, on both sides.
        const familyId = await repo.findRefreshTokenFamily(db, tokenHash);
        if (familyId) {
          await repo.revokeRefreshTokens(db, { familyId, now: current });
          await repo.endSessions(db, { sessionId: familyId, now: current });
        }
        throw unauthorized();
      }
      return issueTokens(revoked.userId, revoked.familyId);
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

    async confirmEmail(input: { token: string }) {
      const current = now();
      await db.transaction(async (tx) => {
        const userId = await repo.consumeEmailToken(tx, {
          tokenHash: hashToken(input.token),
          purpose: 'confirm_email',
          now: current,
        });
        if (!userId) throw new AppError('LINK_INVALID', MESSAGES.linkInvalid);
        await updateUser(tx, userId, { emailConfirmedAt: current });
      });
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
      const passwordHash = await hash(input.password, ARGON2_OPTIONS);
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
