import {
  ERROR_CODES,
  type ErrorCode,
  flattenValidationErrors,
  SIGNER_MESSAGES,
  type ValidationErrorItem,
} from '@esign/shared';

export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

/** Every failed API call becomes an ApiError. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Dotted field path to its first message, from the server's validation errors. */
  readonly fieldErrors: Record<string, string>;
  /** Every message of the answer's `errors[].constraints`, in order (e.g. the failed sending checks). */
  readonly messages: string[];

  constructor(options: {
    status: number;
    code: ApiErrorCode;
    message: string;
    fieldErrors?: Record<string, string>;
    messages?: string[];
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors ?? {};
    this.messages = options.messages ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function allConstraintMessages(items: readonly ValidationErrorItem[]): string[] {
  return items.flatMap((item) => [...Object.values(item.constraints), ...allConstraintMessages(item.children)]);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value);

function isValidationErrorItem(value: unknown): value is ValidationErrorItem {
  return (
    isRecord(value) &&
    typeof value.property === 'string' &&
    isRecord(value.constraints) &&
    Object.values(value.constraints).every((message) => typeof message === 'string') &&
    Array.isArray(value.children) &&
    value.children.every(isValidationErrorItem)
  );
}

/**
 * The server's error body (`errorResponse` in @esign/shared), checked by hand: the browser does not load zod for
 * it (every page shows errors, and zod would weigh on the signer page's first load).
 */
function readErrorBody(body: unknown): { code: ErrorCode; message: string; errors: ValidationErrorItem[] } | null {
  if (!isRecord(body) || !isErrorCode(body.code) || typeof body.message !== 'string') return null;
  const errors = body.errors ?? [];
  if (!Array.isArray(errors) || !errors.every(isValidationErrorItem)) return null;
  return { code: body.code, message: body.message, errors };
}

/** Builds an ApiError from an error answer's status and (possibly non-JSON) body. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const answer = readErrorBody(body);
  if (answer !== null) {
    return new ApiError({
      status,
      code: answer.code,
      message: answer.message,
      fieldErrors: flattenValidationErrors(answer.errors),
      messages: allConstraintMessages(answer.errors),
    });
  }
  const message = typeof body === 'string' && body.trim() !== '' ? body : SIGNER_MESSAGES.somethingWentWrong;
  return new ApiError({ status, code: status >= 500 ? 'INTERNAL' : 'UNEXPECTED_RESPONSE', message });
}

/** The text an error toast shows: the answer's message or 'Something went wrong'; null (no toast) for 401. */
export function errorToastText(error: unknown): string | null {
  if (isApiError(error)) {
    if (error.status === 401) return null;
    return error.message || SIGNER_MESSAGES.somethingWentWrong;
  }
  return SIGNER_MESSAGES.somethingWentWrong;
}
