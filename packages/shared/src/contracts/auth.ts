import { z } from 'zod';
import { TWO_FACTOR_TYPES } from '../api/constants.js';
import { ROUTES } from '../api/routes.js';
import { currentPassword, email, linkToken, newPassword, personName } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { user } from './user.js';

export const signUpRequest = z.object({ name: personName, email, password: newPassword });
export type SignUpRequest = z.input<typeof signUpRequest>;
/** Sign-up always asks the new user to confirm their e-mail; it never tells whether the address was taken. */
export const signUpResponse = z.object({ type: z.literal('email_confirmation_required'), email: z.string() });
export const signUp = { ...ROUTES.signUp, body: signUpRequest, response: signUpResponse } as const;

export const signInRequest = z.object({ email, password: currentPassword });
export type SignInRequest = z.input<typeof signInRequest>;
export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;
export const signInResponse = z.discriminatedUnion('type', [
  // `isNewUser`: a Google sign-in made the account ('Your account has been created.').
  tokenPair.extend({ type: z.literal('authorized'), user, isNewUser: z.boolean().optional() }),
  z.object({ type: z.literal('email_not_confirmed') }),
  z.object({
    type: z.literal('two_factor'),
    twoFactorToken: z.string(),
    twoFactorType: z.enum(TWO_FACTOR_TYPES),
    /** For SMS: the number's last digits, so the page can say where the code went. */
    phoneHint: z.string().optional(),
    /** The user has a passkey, which the second step also takes (auth/sign_in/passkey with this token). */
    hasPasskey: z.boolean().optional(),
  }),
]);
export type SignInResponse = z.infer<typeof signInResponse>;
export const signIn = { ...ROUTES.signIn, body: signInRequest, response: signInResponse } as const;

/** The refresh token travels as the bearer; the answer is a new pair and the old refresh token stops working. */
export const refreshToken = { ...ROUTES.refreshToken, response: tokenPair } as const;

export const logoutRequest = z.object({ refreshToken: z.string().max(200) });
export const logout = { ...ROUTES.logout, body: logoutRequest } as const;

export const messageResponse = z.object({ message: z.string() });

export const confirmEmailRequest = z.object({ token: linkToken });
export const confirmEmail = {
  ...ROUTES.confirmEmail,
  body: confirmEmailRequest,
  response: messageResponse,
} as const;

export const emailOnlyRequest = z.object({ email });
export type EmailOnlyRequest = z.input<typeof emailOnlyRequest>;
export const sendConfirmationEmail = {
  ...ROUTES.sendConfirmationEmail,
  body: emailOnlyRequest,
  response: messageResponse,
} as const;

export const sendPasswordResetMail = {
  ...ROUTES.sendPasswordResetMail,
  body: emailOnlyRequest,
  response: messageResponse,
} as const;

const passwordFields = z.object({
  password: newPassword,
  passwordConfirmation: z
    .string({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(100, MESSAGES.maxLength100),
});
const confirmationMatches = (value: { password: string; passwordConfirmation: string }) =>
  value.password === value.passwordConfirmation;
const mismatch = { message: MESSAGES.passwordMismatch, path: ['passwordConfirmation'] };

/** The new-password form of the web app. */
export const passwordPair = passwordFields.refine(confirmationMatches, mismatch);
export type PasswordPair = z.input<typeof passwordPair>;

export const changePasswordRequest = passwordFields.extend({ token: linkToken }).refine(confirmationMatches, mismatch);
export const changePassword = {
  ...ROUTES.changePassword,
  body: changePasswordRequest,
  response: messageResponse,
} as const;
