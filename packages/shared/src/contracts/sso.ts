import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { email, plainText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { messageResponse, signInResponse } from './auth.js';

/** At most this many e-mail domains per account's single sign-on. */
export const SSO_MAX_DOMAINS = 20;
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const INVALID_DOMAIN = 'Enter domains such as example.com';

/** An e-mail domain a provider covers: lower case, no '@', no scheme. */
export const ssoDomain = z
  .string()
  .transform((value) => value.trim().toLowerCase().replace(/^@/, ''))
  .pipe(z.string().regex(DOMAIN_PATTERN, INVALID_DOMAIN));

/** The domain of an address (after its last '@'), lower case. */
export function emailDomainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** An account's single sign-on as GET and PUT user/sso answer it: never the client secret, only whether one is kept. */
export const ssoSettings = z.object({
  isConfigured: z.boolean(),
  issuerUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  hasClientSecret: z.boolean(),
  domains: z.array(z.string()),
  isRequired: z.boolean(),
  /** The redirect URI to register at the identity provider. */
  redirectUri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettings>;

export const updateSsoRequest = z.object({
  issuerUrl: z.string().trim().min(1, MESSAGES.required).max(500).url(MESSAGES.invalidUrl),
  clientId: plainText().trim().min(1, MESSAGES.required).max(500),
  /** Omitted (or empty) keeps the secret already kept; required the first time. */
  clientSecret: z.string().max(2000).optional(),
  domains: z
    .array(ssoDomain)
    .min(1, MESSAGES.required)
    .max(SSO_MAX_DOMAINS, `At most ${SSO_MAX_DOMAINS} domains`)
    .transform((domains) => [...new Set(domains)]),
  isRequired: z.boolean(),
});
export type UpdateSsoRequest = z.input<typeof updateSsoRequest>;

/** GET user/sso: the account owner's settings (`account.settings`; anyone else 404). */
export const getSso = { ...ROUTES.getSso, response: ssoSettings } as const;
/**
 * PUT user/sso: the issuer URL passes the private-address guard; a domain another account covers is 409 CONFLICT
 * ('A domain is already used by another account.').
 */
export const updateSso = { ...ROUTES.updateSso, body: updateSsoRequest, response: ssoSettings } as const;
export const deleteSso = { ...ROUTES.deleteSso, response: messageResponse } as const;

/**
 * auth/sso/start: the address's domain picks the account's provider; the answer is the provider's authorisation URL,
 * and an httpOnly cookie binds the sign-in to this browser. Any failure: 400 LINK_INVALID with MESSAGES.ssoFailed.
 */
export const startSsoSignIn = {
  ...ROUTES.startSsoSignIn,
  body: z.object({ email }),
  response: z.object({ url: z.string() }),
} as const;

/**
 * The provider's redirect (`redirect_uri`): checks the answer and the ID token, then redirects to
 * `/sso#code=<one-time hand-off code>`, or to `/login?sso=failed` on any failure.
 */
export const ssoCallback = {
  ...ROUTES.ssoCallback,
  querystring: z.object({
    code: z.string().max(4096).optional(),
    state: z.string().max(500).optional(),
    iss: z.string().max(500).optional(),
    session_state: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  }),
} as const;

/** auth/sso/complete: the hand-off code (single use, short-lived) for the sign-in's answer (tokens, or the second step). */
export const completeSsoSignIn = {
  ...ROUTES.completeSsoSignIn,
  body: z.object({ code: z.string().min(1).max(200) }),
  response: signInResponse,
} as const;
