import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  connectionRevokedMessage,
  deactivatedMessage,
  fileGoneMessage,
  INTEGRATION_TYPES,
  type IntegrationState,
  type IntegrationType,
  MESSAGES,
  providerUnavailableMessage,
} from '@esign/shared';
import * as repo from '../../data/integrations.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { CookieSpec } from '../../platform/http/cookies.js';
import type { IntegrationProviderConfig } from '../../platform/integration-config.js';
import { authorize, userActor } from '../access/index.js';
import { checkUploadName, type DocumentService } from '../documents/index.js';
import { FILE_APIS, FileGoneError, FileUnusableError } from './file-apis.js';
import { limitBytes } from './limit-bytes.js';
import { GrantRevokedError, type OAuthClient, oauthClient } from './oauth.js';
import { type ProviderFetch, ProviderStatusError, ProviderUnavailableError, providerFetch } from './provider-fetch.js';

interface IntegrationDeps {
  db: Db;
  documents: DocumentService;
  providers: Record<IntegrationType, IntegrationProviderConfig | undefined>;
  /** Encrypts the tokens and PKCE verifiers at rest. */
  box: SecretBox;
  appUrl: string;
  /** How long a service may take to begin an answer. */
  timeoutMs: number;
  now?: () => Date;
}

/** How long the popup has to come back. */
const AUTHORIZATION_TTL_MS = 10 * 60 * 1000;
/** A token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Equal strings, compared in constant time (on their hashes, so of any length). */
const isSameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

export function integrationService(deps: IntegrationDeps) {
  const { db, documents, providers, box, appUrl, timeoutMs } = deps;
  const now = deps.now ?? (() => new Date());
  const clients = new Map<IntegrationType, OAuthClient>();
  /** One refresh at a time per connection in this process: a service that rotates refresh tokens (Box) takes one. */
  const refreshing = new Map<string, Promise<string>>();

  const redirectUri = (type: IntegrationType) => `${appUrl}/api/v1/integrations/callback/${type}`;

  /**
   * The cookie that binds an authorisation to the browser that started it: set with the state when the URL is made,
   * sent back only to that service's callback (its path), checked there and cleared.
   */
  const stateCookie = (type: IntegrationType): CookieSpec => ({
    name: 'esign_integration_state',
    path: new URL(redirectUri(type)).pathname,
    maxAgeSeconds: AUTHORIZATION_TTL_MS / 1000,
    isSecure: appUrl.startsWith('https:'),
  });

  function configured(type: IntegrationType): IntegrationProviderConfig {
    const provider = providers[type];
    if (!provider) throw new AppError('CONFLICT', MESSAGES.integrationNotConfigured);
    return provider;
  }

  function clientOf(type: IntegrationType): OAuthClient {
    let client = clients.get(type);
    if (!client) {
      client = oauthClient(type, configured(type), redirectUri(type));
      clients.set(type, client);
    }
    return client;
  }

  async function connectionOf(userId: string, type: IntegrationType) {
    configured(type);
    const row = await repo.findConnection(db, { userId, type });
    if (!row) throw new AppError('CONFLICT', MESSAGES.integrationNotConnected);
    if (row.revokedAt) throw new AppError('INTEGRATION_REVOKED', connectionRevokedMessage(type));
    return row;
  }

  async function refreshTokens(row: repo.IntegrationRow): Promise<string> {
    const running = refreshing.get(row.id);
    if (running) return running;
    const refresh = (async () => {
      // Read again: another call may have refreshed since this one read the row.
      const latest = (await repo.findConnection(db, { userId: row.userId, type: row.type })) ?? row;
      if (latest.accessTokenEncrypted !== row.accessTokenEncrypted) return box.decrypt(latest.accessTokenEncrypted);
      if (!latest.refreshTokenEncrypted) throw new GrantRevokedError();
      const tokens = await clientOf(row.type).refresh(box.decrypt(latest.refreshTokenEncrypted));
      await repo.updateTokens(db, row.id, {
        accessTokenEncrypted: box.encrypt(tokens.accessToken),
        ...(tokens.refreshToken ? { refreshTokenEncrypted: box.encrypt(tokens.refreshToken) } : {}),
        accessTokenExpiresAt: tokens.expiresAt,
      });
      return tokens.accessToken;
    })().finally(() => refreshing.delete(row.id));
    refreshing.set(row.id, refresh);
    return refresh;
  }

  /** The connection's calls to its service: the token refreshed when due and after a 401. */
  function callerOf(row: repo.IntegrationRow): ProviderFetch {
    let current: string | undefined;
    return providerFetch(
      {
        current: async () => {
          if (current) return current;
          const isDue =
            row.accessTokenExpiresAt !== null && row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= Date.now();
          current =
            isDue && row.refreshTokenEncrypted ? await refreshTokens(row) : box.decrypt(row.accessTokenEncrypted);
          return current;
        },
        refresh: async () => {
          current = await refreshTokens(row);
          return current;
        },
      },
      timeoutMs,
    );
  }

  /** The service's refusals and silences as errors the user can act on. */
  async function asAppError(row: repo.IntegrationRow, error: unknown): Promise<unknown> {
    const { type } = row;
    const isRevoked =
      error instanceof GrantRevokedError || (error instanceof ProviderStatusError && error.status === 401);
    if (isRevoked) {
      await repo.markRevoked(db, row.id);
      return new AppError('INTEGRATION_REVOKED', connectionRevokedMessage(type));
    }
    if (error instanceof FileGoneError) return new AppError('NOT_FOUND', fileGoneMessage(type));
    if (error instanceof FileUnusableError || error instanceof ProviderStatusError) {
      return new AppError('VALIDATION_ERROR', MESSAGES.fileCannotBeUsed);
    }
    if (error instanceof ProviderUnavailableError) {
      return new AppError('INTEGRATION_UNAVAILABLE', providerUnavailableMessage(type));
    }
    return error;
  }

  return {
    /** The four cards: configured or not (and why), connected, revoked. */
    async listIntegrations(input: { userId: string }): Promise<IntegrationState[]> {
      const connections = new Map((await repo.listConnections(db, input.userId)).map((row) => [row.type, row]));
      return INTEGRATION_TYPES.map((type) => {
        const connection = connections.get(type);
        const isConfigured = providers[type] !== undefined;
        return {
          type,
          isConfigured,
          disabledReason: isConfigured ? null : MESSAGES.integrationNotConfigured,
          isConnected: connection !== undefined && connection.revokedAt === null,
          isRevoked: connection?.revokedAt != null,
        };
      });
    },

    stateCookie,

    /**
     * A new authorisation: its state's hash and encrypted PKCE verifier kept, its URL answered, and the state for
     * the starting browser's cookie (`stateCookie`).
     */
    async authUrl(input: { userId: string; type: IntegrationType }) {
      const started = await clientOf(input.type).startAuthorization();
      await repo.insertAuthorization(db, {
        userId: input.userId,
        type: input.type,
        stateHash: sha256(started.state),
        codeVerifierEncrypted: box.encrypt(started.codeVerifier),
        expiresAt: new Date(now().getTime() + AUTHORIZATION_TTL_MS),
      });
      return { url: started.url, state: started.state };
    },

    /**
     * The popup's return: the state must be one this server issued for this service, unused and live, and the
     * browser must be the one that asked for it (its cookie holds the same state: a victim lured to someone else's
     * authorisation URL comes back without it, so the grant never joins the other account); its user gets the
     * connection. Answers the /integrations address the popup goes to, with the outcome in its query.
     */
    async completeAuthorization(input: {
      type: IntegrationType;
      query: Record<string, string | undefined>;
      browserState: string | undefined;
    }) {
      const { type, query, browserState } = input;
      const result = new URL(`${appUrl}/integrations`);
      result.searchParams.set('type', type);
      const fail = (error: string, description: string | undefined) => {
        result.searchParams.set('status', 'error');
        result.searchParams.set('error', error);
        if (description) result.searchParams.set('error_description', description);
        return result.href;
      };
      const isThisBrowser =
        query.state !== undefined && browserState !== undefined && isSameSecret(query.state, browserState);
      const authorization =
        query.state && isThisBrowser
          ? await repo.spendAuthorization(db, { stateHash: sha256(query.state), type, now: now() })
          : undefined;
      if (!authorization || !query.state) return fail('invalid_state', MESSAGES.integrationStateInvalid);
      if (query.error) return fail(query.error, query.error === 'access_denied' ? undefined : query.error_description);
      try {
        const parameters = new URLSearchParams(
          Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
        );
        const tokens = await clientOf(type).exchangeCode(
          parameters,
          query.state,
          box.decrypt(authorization.codeVerifierEncrypted),
        );
        await repo.upsertConnection(db, {
          userId: authorization.userId,
          type,
          accessTokenEncrypted: box.encrypt(tokens.accessToken),
          refreshTokenEncrypted: tokens.refreshToken ? box.encrypt(tokens.refreshToken) : null,
          accessTokenExpiresAt: tokens.expiresAt,
          scope: tokens.scope ?? null,
        });
      } catch {
        return fail('server_error', MESSAGES.somethingWentWrong);
      }
      result.searchParams.set('status', 'success');
      return result.href;
    },

    /** A current access token for the caller's own connection (a service's picker script takes one). */
    async authToken(input: { userId: string; type: IntegrationType }) {
      const row = await connectionOf(input.userId, input.type);
      try {
        const isDue =
          row.accessTokenExpiresAt !== null && row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= Date.now();
        const token = isDue ? await refreshTokens(row) : box.decrypt(row.accessTokenEncrypted);
        return { token };
      } catch (error) {
        throw await asAppError(row, error);
      }
    },

    /**
     * Revokes the grant at the service (RFC 7009, or Dropbox's own call) and forgets it here. The connection goes
     * even when the service cannot be reached; `url` is the service's page for removing the app by hand.
     */
    async deactivate(input: { userId: string; type: IntegrationType }) {
      const { type } = input;
      const row = await repo.findConnection(db, { userId: input.userId, type });
      if (!row) throw new AppError('CONFLICT', MESSAGES.integrationNotConnected);
      const provider = configured(type);
      let isRevokedThere = false;
      if (!row.revokedAt) {
        try {
          const api = FILE_APIS[type];
          if (api.revoke) {
            await api.revoke({ call: callerOf(row), provider });
            isRevokedThere = true;
          } else {
            // Revoking the refresh token ends the grant (Google, Box); the access token where there is none.
            const token = row.refreshTokenEncrypted ?? row.accessTokenEncrypted;
            isRevokedThere = await clientOf(type).revoke(box.decrypt(token));
          }
        } catch {
          isRevokedThere = false;
        }
      }
      await repo.deleteConnection(db, row.id);
      return { url: isRevokedThere ? null : provider.manageUrl, message: deactivatedMessage(type) };
    },

    /** One page of a folder of the caller's own connection. */
    async listFiles(input: { userId: string; type: IntegrationType; folderId?: string; cursor?: string }) {
      const row = await connectionOf(input.userId, input.type);
      try {
        return await FILE_APIS[input.type].list(
          { call: callerOf(row), provider: configured(input.type) },
          input.folderId,
          input.cursor,
        );
      } catch (error) {
        throw await asAppError(
          row,
          error instanceof ProviderStatusError && error.status === 404 ? new FileGoneError() : error,
        );
      }
    },

    /**
     * Adds a file of the caller's connected service to their draft: the server fetches it with the stored token
     * (the browser names only the file's id) and hands the bytes to the documents' upload as they arrive, so it
     * goes through the same checks (name, type by content, 40 MB, the document's 5 files and 100 MB) and the same
     * conversion. The service's own limit (Dropbox's 40,000,000 bytes) stops the stream. A refusal stores nothing.
     */
    async importFile(input: { userId: string; documentId: string; type: IntegrationType; fileId: string }) {
      const { type } = input;
      await authorize(db, { actor: userActor(input.userId), action: 'document.manage', id: input.documentId });
      const row = await connectionOf(input.userId, type);
      const api = FILE_APIS[type];
      let fileName: string;
      let download: ReturnType<typeof limitBytes>;
      try {
        const remote = await api.file({ call: callerOf(row), provider: configured(type) }, input.fileId);
        checkUploadName(remote.name);
        if (remote.size !== null && remote.size > api.maxFileBytes) {
          throw new AppError('VALIDATION_ERROR', MESSAGES.fileTooLarge);
        }
        const response = await remote.open();
        if (!response.body) throw new FileUnusableError();
        download = limitBytes(Readable.fromWeb(response.body as WebReadableStream), api.maxFileBytes, timeoutMs);
        fileName = remote.name;
      } catch (error) {
        throw await asAppError(row, error);
      }
      try {
        return await documents.uploadFile({
          userId: input.userId,
          documentId: input.documentId,
          file: { fileName, stream: download.stream, isTruncated: download.isTruncated },
        });
      } catch (error) {
        // The service broke off (or went silent) mid-file: nothing was stored; the user may try again.
        if (download.hasFailed() && !(error instanceof AppError)) {
          throw new AppError('INTEGRATION_UNAVAILABLE', providerUnavailableMessage(type));
        }
        throw error;
      }
    },
  };
}
export type IntegrationService = ReturnType<typeof integrationService>;
