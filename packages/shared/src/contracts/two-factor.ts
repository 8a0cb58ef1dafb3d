import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { authenticatorCode, phoneNumber, smsCode } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { messageResponse, signInResponse } from './auth.js';

/** The second step of a sign-in: the two-factor token from the sign-in answer and the code. */
export const signInTwilioRequest = z.object({ twoFactorToken: z.string().min(1).max(200), code: smsCode });
export const signInTwilio = { ...ROUTES.signInTwilio, body: signInTwilioRequest, response: signInResponse } as const;

/** The authenticator's six digits, or one of the backup codes shown when it was turned on. */
export const signInGoogleAuthenticatorRequest = z.object({
  twoFactorToken: z.string().min(1).max(200),
  code: authenticatorCode,
});
export const signInGoogleAuthenticator = {
  ...ROUTES.signInGoogleAuthenticator,
  body: signInGoogleAuthenticatorRequest,
  response: signInResponse,
} as const;

/**
 * POST auth/google_sign_in {token}: a Google ID token (Google Identity Services). Answers like sign-in; a user made
 * by it gets `isNewUser` ('Your account has been created.'). Without GOOGLE_CLIENT_ID it answers 501 NOT_CONFIGURED.
 */
export const googleSignIn = {
  ...ROUTES.googleSignIn,
  summary: 'Sign in with a Google ID token (501 NOT_CONFIGURED when the server has no Google client id)',
  body: z.object({ token: z.string().min(1).max(4096) }),
  response: signInResponse,
} as const;

/** POST user/generate_twillio_code?scope=verify|disable {phone}: texts a code to the number (disable: the saved one). */
export const generateTwilioCodeRequest = z.object({ phone: phoneNumber });
export const generateTwilioCode = {
  ...ROUTES.generateTwilioCode,
  querystring: z.object({ scope: z.enum(['verify', 'disable']) }),
  body: generateTwilioCodeRequest,
  response: messageResponse,
} as const;

export const verifyPhoneRequest = z.object({ phone: phoneNumber, code: smsCode });
export const verifyPhone = { ...ROUTES.verifyPhone, body: verifyPhoneRequest, response: messageResponse } as const;

export const smsCodeRequest = z.object({ code: smsCode });
export const disableTwilio = { ...ROUTES.disableTwilio, body: smsCodeRequest, response: messageResponse } as const;

/**
 * POST user/enable_google_authenticator: a new secret (replacing one not yet verified) as a QR image (PNG data URL)
 * of its otpauth:// URI, and the secret itself for typing it in.
 */
export const enableGoogleAuthenticator = {
  ...ROUTES.enableGoogleAuthenticator,
  response: z.object({ qrCode: z.string(), secret: z.string() }),
} as const;

export const authenticatorCodeRequest = z.object({ code: authenticatorCode });
/** Turns the authenticator on; answers the ten backup codes, shown this once. */
export const verifyGoogleCode = {
  ...ROUTES.verifyGoogleCode,
  body: authenticatorCodeRequest,
  response: messageResponse.extend({ backupCodes: z.array(z.string()) }),
} as const;
export const disableGoogleAuthenticator = {
  ...ROUTES.disableGoogleAuthenticator,
  body: authenticatorCodeRequest,
  response: messageResponse,
} as const;

export const outboxSms = z.object({ id: z.string().uuid(), to: z.string(), body: z.string(), createdAt: z.string() });
export type OutboxSms = z.infer<typeof outboxSms>;
/** Like dev/mail: only while the SMS outbox is the transport (no Twilio), and only with the outbox's key. */
export const devSms = {
  ...ROUTES.devSms,
  querystring: z.object({ token: z.string().max(200).optional() }),
  response: z.array(outboxSms),
} as const;

/** The phone form (part 2 section 3): a country code (`+` and up to 4 digits) and a number (up to 16 digits). */
export const phoneForm = z.object({
  code: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .refine((value) => value.length === 0 || /^\+[1-9]\d{0,3}$/.test(value), MESSAGES.phoneInvalid),
  number: z
    .string({ error: MESSAGES.phoneEmpty })
    .transform((value) => value.replace(/[\s()-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, MESSAGES.phoneEmpty)
        .refine((value) => value.length === 0 || /^\d{4,16}$/.test(value), MESSAGES.phoneInvalid),
    ),
});
export type PhoneForm = z.input<typeof phoneForm>;
