export const API_PREFIX = '/api/v1';

/** The editor's address in the web app: /documents/{id}/edit (its page's entry starts the editor's early loads). */
export const EDITOR_PAGE_PATH = /^\/documents\/([0-9a-f-]{36})\/edit$/i;

/**
 * The built web app's page for the editor's address: index.html without the app's preloads in its head, which would
 * take the connections and the main thread its early first page needs (the web build writes it, the server serves it).
 */
export const EDITOR_PAGE_FILE = 'editor.html';

/**
 * The header of a signer's calls (spec section 7, Signing; their contracts are in contracts/signing.ts). A signer
 * has no account: every call carries the link's token in this header (never in a URL the server logs). A logged-in user's bearer token may ride along; it does not replace
 * the signing token.
 */
export const SIGN_ACCESS_TOKEN_HEADER = 'x-sign-access-token';

/** Section 9 of the specification. */
export const IDLE_LOGOUT_MINUTES_DEFAULT = 5;
export const TOAST_AUTO_CLOSE_MS = 6000;
export const MOBILE_BREAKPOINT_PX = 768;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const EMAIL_CONFIRMATION_TTL_SECONDS = 24 * 60 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

/**
 * Failed sign-ins within the window: the 11th from one address (and so from one address for one account) is
 * refused. One account's limit across every address is much higher, so that anyone who knows an address cannot
 * lock its owner out: the correct password from an address without failures signs in until that limit is reached.
 */
export const SIGN_IN_FAILURE_LIMIT = 10;
export const SIGN_IN_ACCOUNT_FAILURE_LIMIT = 100;
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;

/**
 * Wrong access codes within the window: 5 per signer from one address, then 429 for that address; 25 on one
 * signing link from all addresses together, then the link is locked (429 for everyone) and its owner sees the
 * signer locked until the window passes or a new link is issued.
 */
export const ACCESS_CODE_FAILURE_LIMIT = 5;
export const ACCESS_CODE_LINK_FAILURE_LIMIT = 25;
export const ACCESS_CODE_FAILURE_WINDOW_SECONDS = 15 * 60;

export const PLAN_TYPES = ['free', 'personal', 'business'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const PLAN_DURATIONS = ['monthly', 'annually'] as const;
export const FREE_PLAN_DOCUMENTS_PER_MONTH = 3;
/** Section 6 and 9: templates by plan (-1: unlimited). Templates in the API slot (status api) are not counted. */
export const TEMPLATE_LIMITS = { free: 0, personal: 1, business: -1 } as const satisfies Record<PlanType, number>;
/**
 * The number of templates a user may keep (-1: unlimited): their plan's, or the account's own `templateLimit` when an
 * operator granted more. A team's member works under the team's Business plan.
 */
export function templateLimitOf(user: { planType: PlanType; templateLimit: number; teamId?: string | null }): number {
  if (user.teamId) return -1;
  const byPlan = TEMPLATE_LIMITS[user.planType];
  if (byPlan < 0 || user.templateLimit < 0) return -1;
  return Math.max(byPlan, user.templateLimit);
}

export const TEAM_ROLES = ['owner', 'admin', 'user'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'MM/DD/YY', 'DD/MM/YY'] as const;

/** A bulk-send row: waiting for its batch's job, sent (its document awaits signatures) or failed (with a reason). */
export const BULK_SEND_ROW_STATUSES = ['queued', 'sent', 'failed'] as const;
export type BulkSendRowStatus = (typeof BULK_SEND_ROW_STATUSES)[number];

/** The two kinds of second sign-in factor, named as the specification names them (authenticator app, SMS). */
export const TWO_FACTOR_TYPES = ['google', 'twillio'] as const;
export type TwoFactorType = (typeof TWO_FACTOR_TYPES)[number];
/**
 * Wrong second-factor codes one address may enter for an account in TWO_FACTOR_WINDOW_SECONDS before its guesses
 * answer 429; the account's own limit (from all addresses) is higher, so one guessing address does not lock the
 * owner out, while guessing stays bounded: at most 20 wrong codes per 15 minutes, 1,920 a day, and an authenticator
 * guess is right with a chance of 3 in a million (a step either side is accepted): under 0.6% a day.
 */
export const TWO_FACTOR_FAILURE_LIMIT = 5;
export const TWO_FACTOR_ACCOUNT_FAILURE_LIMIT = 20;
export const TWO_FACTOR_WINDOW_SECONDS = 15 * 60;
/** How long a two-factor token (the step between password and code) and an SMS code live. */
export const TWO_FACTOR_TOKEN_TTL_SECONDS = 10 * 60;
export const SMS_CODE_TTL_SECONDS = 10 * 60;
/** How long a passkey challenge (registration or sign-in, WebAuthn) lives; each is spent by its first answer. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Passkeys one user may keep. */
export const PASSKEY_LIMIT = 20;
/** Backup codes made when the authenticator is turned on, each good once. */
export const BACKUP_CODE_COUNT = 10;

/**
 * 'Form create is allowed only on Business or for team members': every other account gets QUOTA_EXCEEDED on create.
 */
export function canCreateForms(user: { planType: PlanType; teamId?: string | null }): boolean {
  return user.planType === 'business' || Boolean(user.teamId);
}

/** The public submissions' default limits (the server's FORM_LIMIT_* settings change them). */
export const FORM_SUBMISSION_LIMITS = {
  perIp: { count: 10, seconds: 60 },
  perForm: { count: 500, seconds: 3600 },
} as const;
/** The role of a form's visitor (spec part 1, seed form signers: 'SIGNER' at order 0). */
export const FORM_SIGNER_ROLE = 'SIGNER';
