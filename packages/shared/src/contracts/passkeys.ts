import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { currentPassword } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { messageResponse, signInResponse } from './auth.js';

/**
 * Passkeys (WebAuthn, issue 38): a user's own in the security settings, and the sign-in with one (instead of a
 * password, or as the second step). Options go to the browser's navigator.credentials as they are (their JSON form,
 * @simplewebauthn/browser); its answer comes back whole. `challengeToken` binds the challenge to the browser that
 * asked for it: the server keeps only its hash.
 */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
const challengeToken = z.string().min(1).max(200);

/** What navigator.credentials.create() answered, as @simplewebauthn/browser's startRegistration() gives it. */
export const registrationCredential = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

/** What navigator.credentials.get() answered, as startAuthentication() gives it. */
export const authenticationCredential = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/** The options for the browser (PublicKeyCredentialCreationOptionsJSON / ...RequestOptionsJSON) and their token. */
const passkeyOptionsResponse = z.object({
  challengeToken: z.string(),
  options: z.record(z.string(), z.unknown()),
});

export const passkeyName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(50, MESSAGES.maxLength50);

export const passkey = z.object({
  id: z.string().uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;

const passkeyParams = z.object({ id: z.string().uuid() });

/** POST user/passkeys/registration_options: a new challenge for adding a passkey; its options exclude those held. */
export const passkeyRegistrationOptions = { ...ROUTES.passkeyRegistrationOptions, response: passkeyOptionsResponse };

export const addPasskeyRequest = z.object({ name: passkeyName, challengeToken, credential: registrationCredential });
/** POST user/passkeys: the authenticator's answer to the challenge; the passkey is kept under its name. */
export const addPasskey = { ...ROUTES.addPasskey, body: addPasskeyRequest, response: passkey } as const;

/** GET user/passkeys: the user's passkeys, newest first. */
export const listPasskeys = { ...ROUTES.listPasskeys, response: z.array(passkey) } as const;

export const renamePasskeyRequest = z.object({ name: passkeyName });
export const renamePasskey = {
  ...ROUTES.renamePasskey,
  params: passkeyParams,
  body: renamePasskeyRequest,
  response: passkey,
} as const;

export const deletePasskeyRequest = z.object({ password: currentPassword });
/** DELETE user/passkeys/{id} {password}: the account's password again, like turning a factor off. */
export const deletePasskey = {
  ...ROUTES.deletePasskey,
  params: passkeyParams,
  body: deletePasskeyRequest,
  response: messageResponse,
} as const;

/**
 * POST auth/sign_in/passkey/options: a sign-in's challenge. Without a body's `twoFactorToken`, any of the site's
 * passkeys may answer (a discoverable credential; 'Sign in with a passkey'); with it, the second step of that
 * sign-in, and only the user's own passkeys.
 */
export const signInPasskeyOptionsRequest = z.object({ twoFactorToken: z.string().min(1).max(200).optional() });
export const signInPasskeyOptions = {
  ...ROUTES.signInPasskeyOptions,
  body: signInPasskeyOptionsRequest,
  response: passkeyOptionsResponse,
} as const;

/** POST auth/sign_in/passkey: the answer to that challenge; a session like a password sign-in's. */
export const signInPasskeyRequest = signInPasskeyOptionsRequest.extend({
  challengeToken,
  credential: authenticationCredential,
});
export const signInPasskey = { ...ROUTES.signInPasskey, body: signInPasskeyRequest, response: signInResponse } as const;
