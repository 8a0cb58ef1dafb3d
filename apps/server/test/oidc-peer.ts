/// <reference path="./oidc-provider.d.ts" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Who the provider signs in next (its interaction logs this account in without a page). */
export interface OidcAccount {
  email: string;
  emailVerified: boolean;
  name?: string;
}

/**
 * A real OpenID provider (oidc-provider) on a local port, with one confidential client, for the single sign-on
 * tests: its interaction logs in `nextAccount` and grants the scopes at once, so a test follows the redirects with
 * fetch. Its ID tokens carry the e-mail claims (conformIdTokenClaims off).
 */
export async function oidcPeer(options: { clientId: string; clientSecret: string; redirectUri: string }) {
  let nextAccount: OidcAccount = { email: 'someone@example.com', emailVerified: true };
  const accounts = new Map<string, OidcAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-peer-test-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/interaction/')) return handle(request, response);
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      if (details.prompt.name === 'login') {
        const accountId = `sub-${nextAccount.email}`;
        accounts.set(accountId, nextAccount);
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const accountId = details.session?.accountId ?? '';
      const grant = new provider.Grant({ accountId, clientId: options.clientId });
      grant.addOIDCScope('openid email profile');
      await provider.interactionFinished(
        request,
        response,
        { consent: { grantId: await grant.save() } },
        {
          mergeWithLastSubmission: true,
        },
      );
    })().catch((error: Error) => {
      response.statusCode = 500;
      response.end(error.message);
    });
  });

  return {
    issuer,
    /** The account the next authorisation signs in. */
    signInNext(account: OidcAccount) {
      nextAccount = account;
    },
    /**
     * Follows an authorisation URL through the provider (its cookies kept) until it redirects to `redirectUri`:
     * that URL, as the browser would open it.
     */
    async authorize(url: string): Promise<string> {
      const cookies = new Map<string, string>();
      let current = url;
      for (let hop = 0; hop < 10; hop += 1) {
        if (current.startsWith(options.redirectUri)) return current;
        const response = await fetch(current, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair?.indexOf('=') ?? -1;
          if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
        current = new URL(location, current).toString();
      }
      throw new Error('too many redirects');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type OidcPeer = Awaited<ReturnType<typeof oidcPeer>>;
