import {
  emailDomainOf,
  MESSAGES,
  normalizeEmail,
  type SignInResponse,
  type SsoSettings,
  type UpdateSsoRequest,
} from '@esign/shared';
import { claimUnconfirmedAccount } from '../../data/claim-account.js';
import { forgetSignInAttempts } from '../../data/sessions.js';
import * as repo from '../../data/sso.js';
import { ensureTeamOf, joinTeam, listMembers, listPendingInvitations, lockTeam } from '../../data/teams.js';
import { confirmEmailOnce, findUserByEmail, findUserById, insertUser, type UserRow } from '../../data/users.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { keyedHash, type SecretBox } from '../../platform/crypto/secret-box.js';
import { hashToken, randomToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { addressKey } from '../../platform/http/address-key.js';
import type { CookieSpec } from '../../platform/http/cookies.js';
import { checkTargetUrl } from '../../platform/net/safe-request.js';
import type { SocketAccess } from '../../platform/realtime.js';
import { countSignInAttempt } from '../auth/index.js';
import type { OidcClients } from './oidc.js';

/** An openid-client error's message, code and the message of its cause (which name no secret). */
function reasonOf(error: unknown): string {
  const { message, code, cause } = error as Error & { code?: string; cause?: unknown };
  const detail = cause instanceof Error ? cause.message : undefined;
  return [message, code, detail].filter(Boolean).join('; ');
}

/** How long a browser has from 'Sign in with SSO' to the hand-off of its session. */
export const SSO_LOGIN_TTL_SECONDS = 10 * 60;
const SSO_CALLBACK_PATH = '/api/v1/auth/sso/callback';

interface SsoDeps {
  db: Db;
  oidc: OidcClients;
  /** Encrypts the client secrets (purpose `sso:client-secret:v1`). */
  box: SecretBox;
  /** The server secret the PKCE verifiers are derived from. */
  serverSecret: string;
  appUrl: string;
  allowPrivate: boolean;
  /** The sign-in's end (tokens, or the second step when a factor is on): the auth service's. */
  finishSignIn: (user: UserRow) => Promise<SignInResponse>;
  /**
   * The people the owner's plan pays for (teams/seats.ts `cover`: -1 without a limit; it throws for a plan without a
   * team). A person who joins through single sign-on takes a seat as an invitation does.
   */
  seats: { cover(db: Db, owner: UserRow): Promise<{ covered: number }> };
  sockets: SocketAccess;
  now: () => Date;
  log: { warn: (object: object, message: string) => void };
}

/**
 * Single sign-on for a team (OpenID Connect, issue 38): the account owner's settings, and the sign-in of the people
 * of its domains, who join the owner's team on their first sign-in. Every failure of a sign-in answers the same
 * vague message (MESSAGES.ssoFailed); the reason is logged without secrets.
 */
export function ssoService(deps: SsoDeps) {
  const { db, oidc, box, now } = deps;
  const redirectUri = `${deps.appUrl}${SSO_CALLBACK_PATH}`;
  // The PKCE verifier is never stored: it is this keyed hash of the browser's cookie (hex, 64 characters).
  const verifierOf = keyedHash(deps.serverSecret, 'sso:pkce-verifier:v1').hash;
  const failed = () => new AppError('LINK_INVALID', MESSAGES.ssoFailed);

  const browserCookie: CookieSpec = {
    name: 'esign_sso',
    path: SSO_CALLBACK_PATH,
    maxAgeSeconds: SSO_LOGIN_TTL_SECONDS,
    isSecure: deps.appUrl.startsWith('https:'),
  };

  function toDto(provider: Awaited<ReturnType<typeof repo.findSsoProvider>>): SsoSettings {
    return {
      isConfigured: provider !== undefined,
      issuerUrl: provider?.issuerUrl ?? null,
      clientId: provider?.clientId ?? null,
      hasClientSecret: provider !== undefined,
      domains: provider?.domains ?? [],
      isRequired: provider?.isRequired ?? false,
      redirectUri,
    };
  }

  async function checkIssuer(raw: string): Promise<string> {
    try {
      const url = await checkTargetUrl(raw, { allowPrivate: deps.allowPrivate });
      if (url.protocol !== 'https:' && !deps.allowPrivate) throw new Error('not https');
      return url.toString().replace(/\/$/, '');
    } catch {
      throw new AppError('VALIDATION_ERROR', MESSAGES.ssoIssuerRefused, [
        { property: 'issuerUrl', constraints: { url: MESSAGES.ssoIssuerRefused }, children: [] },
      ]);
    }
  }

  /** The person of a checked ID token: made, or taken over, and in the owner's team; undefined when they may not. */
  async function memberOf(ownerId: string, identity: { email: string; name: string | undefined }) {
    const current = now();
    const existing = await findUserByEmail(db, identity.email);
    if (existing?.id === ownerId) return existing;
    const passwordHash = await hashPassword(randomToken());
    const refused = (reason: string) => {
      deps.log.warn({ ownerId, reason }, 'single sign-on: join refused');
      return undefined;
    };
    const joined = await db.transaction(async (tx) => {
      const owner = await findUserById(tx, ownerId);
      if (!owner) return undefined;
      const cover = await deps.seats.cover(tx, owner).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      // A plan without a team (free, personal) gets none by a sign-in: only its owner signs in through it.
      if (!owner.teamId && cover === null) return refused('the plan has no team');
      const team = owner.teamId ? await lockTeam(tx, owner.teamId) : await ensureTeamOf(tx, ownerId);
      if (!team || team.ownerId !== ownerId) return undefined;
      const before = await findUserByEmail(tx, identity.email);
      if (before?.teamId !== team.id) {
        // A member of another team stays there; a newcomer takes a seat the plan pays for, as an invitation does.
        if (before?.teamId) return undefined;
        if (cover === null) return refused('the plan has no team');
        if (cover.covered >= 0) {
          const people =
            Math.max((await listMembers(tx, team.id)).length, 1) +
            (await listPendingInvitations(tx, team.id, current)).length;
          if (people + 1 > cover.covered) return refused('no free seat in the team');
        }
      }
      let user = await findUserByEmail(tx, identity.email);
      if (!user) {
        const name = (identity.name?.trim() || identity.email.split('@')[0] || identity.email).slice(0, 100);
        // Nothing when a concurrent first sign-in made it: it is read again below.
        const created = await insertUser(tx, { name, email: identity.email, passwordHash });
        if (created) await confirmEmailOnce(tx, { userId: created.id, at: current });
      } else if (!user.emailConfirmedAt) {
        // Whoever signed the address up without owning it loses the account (as with Google sign-in).
        await claimUnconfirmedAccount(tx, { userId: user.id, at: current, passwordHash });
      }
      user = await findUserByEmail(tx, identity.email);
      if (!user) return undefined;
      if (user.teamId === team.id) return user;
      // A member of another team stays there.
      if (user.teamId) return undefined;
      await joinTeam(tx, { teamId: team.id, userId: user.id, role: 'user' });
      return findUserById(tx, user.id);
    });
    if (joined && existing && !existing.emailConfirmedAt) deps.sockets.endSessions({ userId: joined.id });
    return joined;
  }

  return {
    browserCookie,

    async getSettings(input: { user: UserRow }): Promise<SsoSettings> {
      return toDto(await repo.findSsoProvider(db, input.user.id));
    },

    /** The owner's provider: the issuer through the guard, the secret kept encrypted, the domains one account's each. */
    async updateSettings(input: { user: UserRow; body: UpdateSsoRequest & { domains: string[] } }) {
      const ownerId = input.user.id;
      const issuerUrl = await checkIssuer(input.body.issuerUrl);
      const existing = await repo.findSsoProvider(db, ownerId);
      const secret = input.body.clientSecret?.trim();
      if (!secret && !existing) {
        throw new AppError('VALIDATION_ERROR', MESSAGES.ssoClientSecretRequired, [
          { property: 'clientSecret', constraints: { required: MESSAGES.ssoClientSecretRequired }, children: [] },
        ]);
      }
      const clientSecretSealed = secret ? box.encrypt(secret) : (existing?.clientSecretSealed ?? '');
      const taken = () => new AppError('CONFLICT', MESSAGES.ssoDomainTaken);
      if ((await repo.findDomainsOfOthers(db, { ownerId, domains: input.body.domains })).length > 0) throw taken();
      try {
        await db.transaction((tx) =>
          repo.saveSsoProvider(tx, {
            ownerId,
            issuerUrl,
            clientId: input.body.clientId.trim(),
            clientSecretSealed,
            isRequired: input.body.isRequired,
            domains: input.body.domains,
            updatedAt: now(),
          }),
        );
      } catch (error) {
        // Another account took a domain between the check and the insert (its primary key).
        if ((await repo.findDomainsOfOthers(db, { ownerId, domains: input.body.domains })).length > 0) throw taken();
        throw error;
      }
      return toDto(await repo.findSsoProvider(db, ownerId));
    },

    async deleteSettings(input: { user: UserRow }) {
      await repo.deleteSsoProvider(db, input.user.id);
      return { message: MESSAGES.ssoRemoved };
    },

    /**
     * 'Sign in with SSO': counted as a sign-in attempt (the same limits, per address and per account); the domain's
     * provider's authorisation URL, and the browser id for the httpOnly cookie (its SHA-256 kept, single use).
     */
    async start(input: { email: string; ip: string }): Promise<{ url: string; browserId: string }> {
      const email = normalizeEmail(input.email);
      const ip = addressKey(input.ip);
      await countSignInAttempt(db, { email, ip, now: now() });
      const provider = await repo.findSsoProviderByDomain(db, emailDomainOf(email));
      if (!provider) throw failed();
      const browserId = randomToken();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      let url: string;
      try {
        url = await oidc.authorizationUrl(
          { ...provider, clientSecret: box.decrypt(provider.clientSecretSealed) },
          { redirectUri, codeVerifier: verifierOf(browserId), state, nonce, loginHint: email },
        );
      } catch (error) {
        deps.log.warn({ ownerId: provider.ownerId, reason: reasonOf(error) }, 'single sign-on: start failed');
        throw failed();
      }
      await repo.insertSsoLogin(db, {
        browserHash: hashToken(browserId),
        ownerId: provider.ownerId,
        email,
        ip,
        state,
        nonce,
        expiresAt: new Date(now().getTime() + SSO_LOGIN_TTL_SECONDS * 1000),
      });
      return { url, browserId };
    },

    /**
     * The provider's answer: the browser's sign-in spent (its cookie), the answer and ID token checked, an e-mail the
     * provider verified of one of the account's domains, the person in the owner's team. Where the browser goes next:
     * `/sso#code=<hand-off code>`, or `/login?sso=failed` whatever went wrong.
     */
    async callback(input: { browserId: string | undefined; query: string }): Promise<string> {
      const failedPage = `${deps.appUrl}/login?sso=failed`;
      if (!input.browserId) return failedPage;
      const login = await repo.spendSsoLogin(db, { browserHash: hashToken(input.browserId), now: now() });
      if (!login) return failedPage;
      const reject = (reason: string) => {
        deps.log.warn({ ownerId: login.ownerId, reason }, 'single sign-on: sign-in refused');
        return failedPage;
      };
      const provider = await repo.findSsoProvider(db, login.ownerId);
      if (!provider) return reject('no provider');
      let claims: Awaited<ReturnType<OidcClients['claimsOf']>>;
      try {
        claims = await oidc.claimsOf(
          { ...provider, clientSecret: box.decrypt(provider.clientSecretSealed) },
          {
            currentUrl: new URL(`${redirectUri}${input.query ? `?${input.query}` : ''}`),
            codeVerifier: verifierOf(input.browserId),
            state: login.state,
            nonce: login.nonce,
          },
        );
      } catch (error) {
        return reject(reasonOf(error));
      }
      if (claims.email_verified !== true || typeof claims.email !== 'string') return reject('e-mail not verified');
      const email = normalizeEmail(claims.email);
      if (!provider.domains.includes(emailDomainOf(email))) return reject('e-mail of another domain');
      const name = typeof claims.name === 'string' ? claims.name : undefined;
      const user = await memberOf(login.ownerId, { email, name });
      if (!user) return reject('not allowed to join the team');
      const handoff = randomToken();
      await repo.setSsoHandoff(db, { id: login.id, handoffHash: hashToken(handoff), userId: user.id });
      return `${deps.appUrl}/sso#code=${handoff}`;
    },

    /** The hand-off code (single use, within the sign-in's life) for the session, or the second step. */
    async complete(input: { code: string }): Promise<SignInResponse> {
      const handoff = await repo.spendSsoHandoff(db, { handoffHash: hashToken(input.code), now: now() });
      const user = handoff ? await findUserById(db, handoff.userId) : undefined;
      if (!handoff || !user) throw failed();
      // Clears the failures of this address for this account (the start's attempt among them), as a sign-in does.
      await forgetSignInAttempts(db, { id: handoff.id, email: handoff.email, ip: handoff.ip });
      return deps.finishSignIn(user);
    },
  };
}
export type SsoService = ReturnType<typeof ssoService>;
