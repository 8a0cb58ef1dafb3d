/** Stable error codes. The server maps each to one HTTP status (apps/server/src/platform/errors.ts). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_CREDENTIALS',
  'LINK_INVALID',
  'TOO_MANY_REQUESTS',
  'QUOTA_EXCEEDED',
  'IDEMPOTENCY_KEY_REUSED',
  'SENDING_CHECKS_FAILED',
  'ACCESS_CODE_REQUIRED',
  'IDENTITY_CHECK_REQUIRED',
  'MAINTENANCE',
  'NOT_READY',
  'SMS_NOT_SENT',
  'INTEGRATION_REVOKED',
  'INTEGRATION_UNAVAILABLE',
  'PAYMENT_FAILED',
  'PAYMENT_PROVIDER_ERROR',
  'NOT_CONFIGURED',
  'SSO_REQUIRED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One field's validation failure: constraint name to message, with nested failures as children. */
export interface ValidationErrorItem {
  property: string;
  constraints: Record<string, string>;
  children: ValidationErrorItem[];
}

/**
 * Flattens nested validation errors into a map of dotted field path to its first message,
 * as the web forms show them.
 */
export function flattenValidationErrors(items: ValidationErrorItem[], prefix = ''): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of items) {
    const path = prefix ? `${prefix}.${item.property}` : item.property;
    const first = Object.values(item.constraints)[0];
    if (first !== undefined) result[path] = first;
    Object.assign(result, flattenValidationErrors(item.children, path));
  }
  return result;
}
