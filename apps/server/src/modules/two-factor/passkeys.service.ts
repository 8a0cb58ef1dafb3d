import { randomBytes } from 'node:crypto';
import {
  MESSAGES,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_LIMIT,
  type Passkey,
  SIGN_IN_FAILURE_WINDOW_SECONDS,
} from '@esign/shared';
import { verify as verifyPassword } from '@node-rs/argon2';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import * as repo from '../../data/passkeys.js';
import * as twoFactorRepo from '../../data/two-factor.js';
import type { UserRow } from '../../data/users.js';
import { hashToken, randomToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { addressKey } from '../../platform/http/address-key.js';
import { limitedAttempts } from './attempts.js';

interface PasskeyDeps {
  db: Db;
  now: () => Date;
  /** The app's public URL (APP_URL): its origin is the only one accepted, its host name the relying party's id. */
  appUrl: string;
}

/**
 * Sign-in challenges one address may ask for in SIGN_IN_FAILURE_WINDOW_SECONDS (logged out, so rows anyone can make
 * are bounded): room for SIGN_IN_FAILURE_LIMIT failures and many successes.
 */
const PASSKEY_CHALLENGES_PER_ADDRESS = 30;

/** The name an authenticator shows beside the account. */
const RELYING_PARTY_NAME = 'eSign';

/** Every refusal while adding a passkey (logged in: a 400, never a 401, which would end the web app's session). */
const notAdded = () => new AppError('VALIDATION_ERROR', MESSAGES.passkeyInvalid);
const wrongPassword = () =>
  new AppError('VALIDATION_ERROR', MESSAGES.passwordIncorrect, [
    { property: 'password', constraints: { password: MESSAGES.passwordIncorrect }, children: [] },
  ]);

/** The user handle an authenticator keeps with a discoverable credential: the user id's 16 bytes. */
const userHandleBytes = (userId: string) => Buffer.from(userId.replace(/-/g, ''), 'hex');
const userHandleOf = (userId: string) => userHandleBytes(userId).toString('base64url');

/** Options travel as the JSON the browser's WebAuthn call takes (the contract does not list their members). */
const asJson = (options: object) => options as Record<string, unknown>;

const toPasskey = (row: repo.ListedPasskey): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (WebAuthn through @simplewebauthn/server): a user's own, and the check of a sign-in's answer, which the
 * auth service (instead of a password) and the second step (`two-factor.service.ts`) ask for. A challenge is 32
 * random bytes handed to one browser with a `challengeToken`; only their hashes are kept, and the first answer
 * spends the challenge, right or wrong. Nothing here logs a challenge, a token or an answer.
 */
export function passkeyService(deps: PasskeyDeps) {
  const { db, now } = deps;
  const url = new URL(deps.appUrl);
  const origin = url.origin;
  const rpID = url.hostname;
  const limitedAttempt = limitedAttempts({ db, now });

  /** A new challenge of a purpose: its bytes for the options, its token for the browser. */
  async function newChallenge(tx: Db, purpose: repo.PasskeyPurpose, userId: string | null, ip: string | null = null) {
    const challengeToken = randomToken();
    const challenge = randomBytes(32);
    await repo.insertPasskeyChallenge(tx, {
      tokenHash: hashToken(challengeToken),
      challengeHash: hashToken(challenge.toString('base64url')),
      purpose,
      userId,
      ip,
      expiresAt: new Date(now().getTime() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000),
    });
    return { challengeToken, challenge: new Uint8Array(challenge) };
  }

  /** The spent challenge of a token when it is live and of this purpose (and user); else undefined. */
  async function spendChallenge(tx: Db, params: { challengeToken: string; purpose: repo.PasskeyPurpose }) {
    const row = await repo.spendPasskeyChallenge(tx, { tokenHash: hashToken(params.challengeToken), now: now() });
    return row?.purpose === params.purpose ? row : undefined;
  }

  const matches = (challengeHash: string) => (challenge: string) => hashToken(challenge) === challengeHash;

  return {
    /** POST user/passkeys/registration_options. */
    async registrationOptions(params: { user: UserRow }) {
      const { user } = params;
      const held = await repo.listCredentials(db, user.id);
      if (held.length >= PASSKEY_LIMIT) throw new AppError('CONFLICT', MESSAGES.passkeyLimit);
      const { challengeToken, challenge } = await newChallenge(db, 'register', user.id);
      const options = await generateRegistrationOptions({
        rpName: RELYING_PARTY_NAME,
        rpID,
        userName: user.email,
        userDisplayName: user.name,
        userID: new Uint8Array(userHandleBytes(user.id)),
        challenge,
        timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
        attestationType: 'none',
        excludeCredentials: held.map((row) => ({ id: row.credentialId, transports: row.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      return { challengeToken, options: asJson(options) };
    },

    /** POST user/passkeys: the authenticator's answer to the user's challenge, kept under its name. */
    async add(params: { user: UserRow; name: string; challengeToken: string; credential: RegistrationResponseJSON }) {
      const { user } = params;
      const row = await spendChallenge(db, { challengeToken: params.challengeToken, purpose: 'register' });
      if (!row || row.userId !== user.id) throw notAdded();
      if ((await repo.countPasskeys(db, user.id)) >= PASSKEY_LIMIT) {
        throw new AppError('CONFLICT', MESSAGES.passkeyLimit);
      }
      const verified = await verifyRegistrationResponse({
        response: params.credential,
        expectedChallenge: matches(row.challengeHash),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verified?.verified) throw notAdded();
      const { credential } = verified.registrationInfo;
      const added = await repo.insertPasskey(db, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: params.name,
      });
      // A credential kept already (by this account or another) is refused like any other failure.
      if (!added) throw notAdded();
      return toPasskey(added);
    },

    /** GET user/passkeys. */
    async list(params: { user: UserRow }) {
      return (await repo.listPasskeys(db, params.user.id)).map(toPasskey);
    },

    /** PATCH user/passkeys/{id}: another account's passkey is not found. */
    async rename(params: { user: UserRow; id: string; name: string }) {
      const row = await repo.renamePasskey(db, { userId: params.user.id, id: params.id, name: params.name });
      if (!row) throw notFound(MESSAGES.passkeyNotFound);
      return toPasskey(row);
    },

    /** DELETE user/passkeys/{id}: the password again, each wrong one counted like a wrong second-factor code. */
    async remove(params: { user: UserRow; id: string; password: string; ip: string }) {
      if (!(await repo.findOwnPasskey(db, { userId: params.user.id, id: params.id }))) {
        throw notFound(MESSAGES.passkeyNotFound);
      }
      const guess = { userId: params.user.id, ip: params.ip, wrong: wrongPassword };
      await limitedAttempt(guess, async (tx, user) => {
        if (!(await verifyPassword(user.passwordHash, params.password))) return undefined;
        await repo.deletePasskey(tx, { userId: user.id, id: params.id });
        return true;
      });
      return { message: MESSAGES.passkeyRemoved };
    },

    /**
     * POST auth/sign_in/passkey/options: without a two-factor token any passkey of the site may answer (the browser
     * offers the discoverable ones); with a live one, only its user's.
     */
    async signInOptions(params: { twoFactorToken?: string | undefined; ip: string }) {
      const ip = addressKey(params.ip);
      const since = new Date(now().getTime() - SIGN_IN_FAILURE_WINDOW_SECONDS * 1000);
      if ((await repo.countPasskeyChallenges(db, { ip, since })) >= PASSKEY_CHALLENGES_PER_ADDRESS) {
        throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManySignInAttempts);
      }
      let userId: string | null = null;
      if (params.twoFactorToken !== undefined) {
        const found = await twoFactorRepo.findChallenge(db, hashToken(params.twoFactorToken));
        if (!found || found.usedAt !== null || found.expiresAt <= now()) {
          throw new AppError('LINK_INVALID', MESSAGES.twoFactorSessionInvalid);
        }
        userId = found.userId;
      }
      const held = userId === null ? [] : await repo.listCredentials(db, userId);
      const { challengeToken, challenge } = await newChallenge(db, userId ? 'second_factor' : 'sign_in', userId, ip);
      const options = await generateAuthenticationOptions({
        rpID,
        challenge,
        timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
        userVerification: userId ? 'preferred' : 'required',
        allowCredentials: held.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
      });
      return { challengeToken, options: asJson(options) };
    },

    /**
     * The user whose passkey rightly answered a challenge of this purpose (for the second step, only `userId`'s),
     * its counter moved on; undefined for any failure: an unknown, spent or expired challenge, another account's
     * passkey, a wrong origin or signature, a counter that did not grow. A passwordless sign-in needs the
     * authenticator's user verification (a PIN or biometrics: the second factor is in it).
     */
    async verifySignIn(
      tx: Db,
      params: {
        challengeToken: string;
        credential: AuthenticationResponseJSON;
        purpose: 'sign_in' | 'second_factor';
        userId?: string;
      },
    ): Promise<string | undefined> {
      const row = await spendChallenge(tx, params);
      if (!row || (params.userId !== undefined && row.userId !== params.userId)) return undefined;
      const passkey = await repo.findPasskeyByCredentialId(tx, params.credential.id);
      if (!passkey || (params.userId !== undefined && passkey.userId !== params.userId)) return undefined;
      const { userHandle } = params.credential.response;
      if (userHandle !== undefined && userHandle !== userHandleOf(passkey.userId)) return undefined;
      const verified = await verifyAuthenticationResponse({
        response: params.credential,
        expectedChallenge: matches(row.challengeHash),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: params.purpose === 'sign_in',
      }).catch(() => undefined);
      if (!verified?.verified) return undefined;
      const isRecorded = await repo.recordPasskeyUse(tx, {
        id: passkey.id,
        previousCounter: passkey.counter,
        counter: verified.authenticationInfo.newCounter,
        at: now(),
      });
      return isRecorded ? passkey.userId : undefined;
    },
  };
}
export type PasskeyService = ReturnType<typeof passkeyService>;
