import { z } from 'zod';
import { isTimeZone, NOTIFICATION_FLAGS, type NotificationFlag } from '../account/account-settings.js';
import { DATE_FORMATS, PLAN_DURATIONS, PLAN_TYPES, TEAM_ROLES, TWO_FACTOR_TYPES } from '../api/constants.js';
import { ROUTES } from '../api/routes.js';
import { email, linkToken, newPassword, personName } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';

const notificationFlags = Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
  NotificationFlag,
  z.ZodBoolean
>;

export const user = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  /** A signed URL of the 128x128 picture (valid one hour), or null. */
  avatarUrl: z.string().nullable(),
  /** An IANA time zone ('America/New_York'); null shows the browser's own time. */
  timezone: z.string().nullable(),
  dateFormat: z.enum(DATE_FORMATS),
  plan: z.object({ type: z.enum(PLAN_TYPES), duration: z.enum(PLAN_DURATIONS) }),
  teamId: z.string().uuid().nullable(),
  role: z.enum(TEAM_ROLES).nullable(),
  /** The factor a sign-in asks for: the authenticator when both are on. */
  twoFactorType: z.enum(TWO_FACTOR_TYPES).nullable(),
  phoneNumber: z.string().nullable(),
  isTwillio2fa: z.boolean(),
  isGoogle2fa: z.boolean(),
  freeDocumentsUsed: z.number().int(),
  freeDocumentsUsedLimit: z.number().int(),
  /**
   * Whether the user's own account is a Business one (packages/shared `isBusinessAccount`: the Business plan or a
   * lifetime deal, whatever `plan.type` says). A team's members work under their owner's account instead.
   */
  isBusinessAccount: z.boolean(),
  /** Templates the user may keep (-1: unlimited): the plan's, or more when an operator granted more. */
  templateLimit: z.number().int(),
  createdAt: z.string(),
  ...notificationFlags,
});
export type User = z.infer<typeof user>;

export const getUser = { ...ROUTES.getUser, response: user } as const;

const optionalNewPassword = z.union([z.literal(''), newPassword]).optional();
const passwordsMatch = (value: { password?: string | undefined; passwordConfirmation?: string | undefined }) =>
  (value.password ?? '') === (value.passwordConfirmation ?? '');
const mismatch = { message: MESSAGES.passwordMismatch, path: ['passwordConfirmation'] };

const profileFields = z.object({
  name: personName,
  dateFormat: z.enum(DATE_FORMATS),
  /** An IANA time zone name ('Asia/Kolkata'), with its daylight saving; null: the browser's own. */
  timezone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').nullable(),
  /** A new password, or empty to keep the current one; other sessions end when it changes. */
  password: optionalNewPassword,
  passwordConfirmation: z.string().max(100, MESSAGES.maxLength100).optional(),
  ...notificationFlags,
});

/** PATCH user/profile: the profile form but its e-mail (changed through auth/email/change) and avatar. */
export const updateProfileRequest = profileFields.refine(passwordsMatch, mismatch);
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;
export const updateProfile = { ...ROUTES.updateProfile, body: updateProfileRequest, response: user } as const;

/** The uploaded picture's key (from auth/put_signed_asset_url); the server checks it by content and keeps 128x128. */
export const updateAvatar = {
  ...ROUTES.updateAvatar,
  body: z.object({ key: z.string().min(1, MESSAGES.required).max(512) }),
  response: user,
} as const;
export const deleteAvatar = { ...ROUTES.deleteAvatar, response: user } as const;

const messageAnswer = z.object({ message: z.string() });

/** A link to the new address; the address changes only when it is followed ('Check your new email to confirm it'). */
export const changeEmailRequest = z.object({ email });
export type ChangeEmailRequest = z.input<typeof changeEmailRequest>;
export const changeEmail = { ...ROUTES.changeEmail, body: changeEmailRequest, response: messageAnswer } as const;
export const confirmEmailChange = {
  ...ROUTES.confirmEmailChange,
  body: z.object({ token: linkToken }),
  response: messageAnswer,
} as const;

/** Voids the awaiting documents, erases the account ('Account Deleted.'); the session ends with it. */
export const deleteUser = { ...ROUTES.deleteUser, response: messageAnswer } as const;

export const signerAvatar = z.object({ signerId: z.string().uuid(), avatarUrl: z.string() });
export type SignerAvatar = z.infer<typeof signerAvatar>;
/** The pictures of a document's signers who have accounts with one; to the document's owner only. */
export const signersAvatars = {
  ...ROUTES.signersAvatars,
  params: z.object({ documentId: z.string().uuid() }),
  response: z.array(signerAvatar),
} as const;

/**
 * A user's current picture (PNG), answered to anyone with its address: the file's name is a random UUID that
 * changes with every upload, and a replaced or removed picture is not found. Declares no response (it is a file).
 */
export const avatar = {
  ...ROUTES.avatar,
  params: z.object({ userId: z.string().uuid(), file: z.string().regex(/^[0-9a-f-]{36}\.png$/) }),
} as const;
