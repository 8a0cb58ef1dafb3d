import * as client from 'openid-client';
import { safeRequest } from '../../platform/net/safe-request.js';

/** The most an identity provider's answer may be (discovery, keys, token). */
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface OidcProviderSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * openid-client (v6) for an account's provider, every request of it through the private-address guard
 * (`platform/net`): discovery, the published keys, the token call. `allowPrivate` (SSO_ALLOW_PRIVATE) lets an issuer
 * on a private network or plain http through (self-hosters, tests).
 */
export function oidcClients(options: { allowPrivate: boolean; timeoutMs: number }) {
  const guardedFetch: client.CustomFetch = async (url, init) => {
    const answer = await safeRequest(url, {
      method: init.method === 'POST' ? 'POST' : 'GET',
      headers: init.headers,
      ...(init.body === undefined || init.body === null ? {} : { body: String(init.body) }),
      timeoutMs: options.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      allowPrivate: options.allowPrivate,
    });
    return new Response(new Uint8Array(answer.body), { status: answer.status, headers: answer.headers });
  };

  /** The provider's configuration from its discovery document; the ID token's signature is checked by its keys. */
  async function configuration(settings: OidcProviderSettings): Promise<client.Configuration> {
    const config = await client.discovery(
      new URL(settings.issuerUrl),
      settings.clientId,
      undefined,
      client.ClientSecretBasic(settings.clientSecret),
      {
        [client.customFetch]: guardedFetch,
        timeout: Math.ceil(options.timeoutMs / 1000),
        ...(options.allowPrivate ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    client.enableNonRepudiationChecks(config);
    return config;
  }

  return {
    /** The authorisation URL of a new sign-in (authorisation code with PKCE S256, `state`, `nonce`). */
    async authorizationUrl(
      settings: OidcProviderSettings,
      params: { redirectUri: string; codeVerifier: string; state: string; nonce: string; loginHint: string },
    ): Promise<string> {
      const config = await configuration(settings);
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: params.redirectUri,
          scope: 'openid email profile',
          code_challenge: await client.calculatePKCECodeChallenge(params.codeVerifier),
          code_challenge_method: 'S256',
          state: params.state,
          nonce: params.nonce,
          login_hint: params.loginHint,
        })
        .toString();
    },

    /**
     * The provider's answer at the redirect URI: the code exchanged with the PKCE verifier, `state` and the `iss`
     * parameter checked, the ID token's signature (the issuer's published keys), issuer, audience, expiry and `nonce`
     * checked. Its claims.
     */
    async claimsOf(
      settings: OidcProviderSettings,
      params: { currentUrl: URL; codeVerifier: string; state: string; nonce: string },
    ) {
      const config = await configuration(settings);
      const tokens = await client.authorizationCodeGrant(config, params.currentUrl, {
        pkceCodeVerifier: params.codeVerifier,
        expectedState: params.state,
        expectedNonce: params.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      return claims;
    },

    randomState: client.randomState,
    randomNonce: client.randomNonce,
  };
}
export type OidcClients = ReturnType<typeof oidcClients>;
