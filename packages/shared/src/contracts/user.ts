import { z } from 'zod';
import { DATE_FORMATS, PLAN_DURATIONS, PLAN_TYPES, TEAM_ROLES, TWO_FACTOR_TYPES } from '../constants.js';
import { ROUTES } from '../routes.js';

export const user = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
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
  /** Templates the user may keep (-1: unlimited): the plan's, or more when an operator granted more. */
  templateLimit: z.number().int(),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

export const getUser = { ...ROUTES.getUser, response: user } as const;
