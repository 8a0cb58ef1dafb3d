import type { IntegrationType } from '@esign/shared';
import * as oauth from 'oauth4webapi';
import type { IntegrationProviderConfig } from '../../platform/integration-config.js';

/** How long a call to an authorisation server may take. */
const OAUTH_TIMEOUT_MS = 20_000;

export interface TokenSet {
  accessToken: string;
  /** Absent when the service did not issue one (a refresh keeps the one it had). */
  refreshToken: string | undefined;
  expiresAt: Date | null;
  scope: string | undefined;
}

/** The service's answer that the grant is no longer good (revoked, expired): the user must activate it again. */
export class GrantRevokedError extends Error {}

/** Extra parameters a service needs on its authorisation URL to issue a refresh token. */
const OFFLINE_PARAMETERS: Record<IntegrationType, Record<string, string>> = {
  google_drive: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
  dropbox: { token_access_type: 'offline' },
  one_drive: {},
  box: {},
};

/**
 * One service's OAuth 2 client through oauth4webapi: the authorisation URL with PKCE (S256) and state, the code
 * exchange, refresh and RFC 7009 revocation, each against the configured endpoints.
 */
export function oauthClient(type: IntegrationType, provider: IntegrationProviderConfig, redirectUri: string) {
  const server: oauth.AuthorizationServer = {
    issuer: new URL(provider.authUrl).origin,
    authorization_endpoint: provider.authUrl,
    token_endpoint: provider.tokenUrl,
    ...(provider.revokeUrl ? { revocation_endpoint: provider.revokeUrl } : {}),
  };
  const client: oauth.Client = { client_id: provider.clientId };
  const clientAuth = oauth.ClientSecretPost(provider.clientSecret);
  // Plain http only for a local peer in tests and development; the services' own endpoints are https.
  const isInsecure = [provider.authUrl, provider.tokenUrl].some((url) => url.startsWith('http:'));
  const options = () => ({
    signal: AbortSignal.timeout(OAUTH_TIMEOUT_MS),
    ...(isInsecure ? { [oauth.allowInsecureRequests]: true } : {}),
  });

  const toTokenSet = (answer: oauth.TokenEndpointResponse): TokenSet => ({
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: typeof answer.expires_in === 'number' ? new Date(Date.now() + answer.expires_in * 1000) : null,
    scope: answer.scope,
  });

  return {
    /** A fresh state and PKCE verifier, and the URL the popup opens. */
    async startAuthorization() {
      const state = oauth.generateRandomState();
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const url = new URL(provider.authUrl);
      const parameters = {
        client_id: provider.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: provider.scopes.join(' '),
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...OFFLINE_PARAMETERS[type],
      };
      for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
      return { url: url.href, state, codeVerifier };
    },

    /**
     * Checks the callback's parameters against the expected state (the library throws on an error answer or a
     * state that differs) and exchanges the code with the PKCE verifier.
     */
    async exchangeCode(callback: URLSearchParams, expectedState: string, codeVerifier: string): Promise<TokenSet> {
      const parameters = new URLSearchParams(callback);
      // Mix-up is answered by a redirect URI of each service's own and a state bound to the service; the services
      // do not all send `iss`, and Google's names another origin than its authorisation endpoint.
      parameters.delete('iss');
      const checked = oauth.validateAuthResponse(server, client, parameters, expectedState);
      const response = await oauth.authorizationCodeGrantRequest(
        server,
        client,
        clientAuth,
        checked,
        redirectUri,
        codeVerifier,
        options(),
      );
      return toTokenSet(await oauth.processAuthorizationCodeResponse(server, client, response));
    },

    async refresh(refreshToken: string): Promise<TokenSet> {
      const response = await oauth.refreshTokenGrantRequest(server, client, clientAuth, refreshToken, options());
      try {
        return toTokenSet(await oauth.processRefreshTokenResponse(server, client, response));
      } catch (error) {
        if (error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant') throw new GrantRevokedError();
        throw error;
      }
    },

    /** RFC 7009 revocation (Google, Box); false where the service has no such endpoint. */
    async revoke(token: string): Promise<boolean> {
      if (!provider.revokeUrl) return false;
      const response = await oauth.revocationRequest(server, client, clientAuth, token, options());
      await oauth.processRevocationResponse(response);
      return true;
    },
  };
}
export type OAuthClient = ReturnType<typeof oauthClient>;
