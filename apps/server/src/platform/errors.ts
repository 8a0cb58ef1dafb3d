import { type ErrorCode, MESSAGES, type ValidationErrorItem } from '@esign/shared';

/** The one HTTP status of each error code. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  LINK_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 403,
  FORBIDDEN: 403,
  QUOTA_EXCEEDED: 403,
  /** A public POST's Idempotency-Key was used with another request body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** Every failing sending check is listed in `errors` (property 'document'). */
  SENDING_CHECKS_FAILED: 422,
  ACCESS_CODE_REQUIRED: 403,
  /** The recipient must type a mailed or texted code before the document opens (issue 38). */
  IDENTITY_CHECK_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  /** The SMS provider refused the text (a number it cannot reach). */
  SMS_NOT_SENT: 502,
  /** A cloud storage service refused the stored tokens: the user activates the service again. */
  INTEGRATION_REVOKED: 409,
  /** A cloud storage service did not answer (after a retry). */
  INTEGRATION_UNAVAILABLE: 502,
  /** The card was declined or has expired (the gateway's reason is the message). */
  PAYMENT_FAILED: 402,
  /** The payment provider could not be reached or answered an error that is not the card's. */
  PAYMENT_PROVIDER_ERROR: 502,
  /** A feature this server was not configured for (Google sign-in without GOOGLE_CLIENT_ID). */
  NOT_CONFIGURED: 501,
  /** A password (or Google) sign-in of an address whose account requires single sign-on. */
  SSO_REQUIRED: 403,
  INTERNAL: 500,
  MAINTENANCE: 503,
  /** GET ready: a part this node needs failed its check, or the node is shutting down (the message names which). */
  NOT_READY: 503,
};

/** The application's one error type: a stable code, a message for people, and field errors for validation. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: ValidationErrorItem[],
    /** Headers the answer carries (a 429's Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const unauthorized = () => new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
