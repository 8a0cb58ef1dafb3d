import {
  type ErrorCode,
  errorResponse,
  flattenValidationErrors,
  MESSAGES,
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

/** Builds an ApiError from an error answer's status and (possibly non-JSON) body. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const parsed = errorResponse.safeParse(body);
  if (parsed.success) {
    return new ApiError({
      status,
      code: parsed.data.code,
      message: parsed.data.message,
      fieldErrors: flattenValidationErrors(parsed.data.errors ?? []),
      messages: allConstraintMessages(parsed.data.errors ?? []),
    });
  }
  const message = typeof body === 'string' && body.trim() !== '' ? body : MESSAGES.somethingWentWrong;
  return new ApiError({ status, code: status >= 500 ? 'INTERNAL' : 'UNEXPECTED_RESPONSE', message });
}

/** The text an error toast shows: the answer's message or 'Something went wrong'; null (no toast) for 401. */
export function errorToastText(error: unknown): string | null {
  if (isApiError(error)) {
    if (error.status === 401) return null;
    return error.message || MESSAGES.somethingWentWrong;
  }
  return MESSAGES.somethingWentWrong;
}
