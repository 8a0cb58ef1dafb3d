import { type ErrorResponse, MESSAGES, PUBLIC_API_PREFIX, type ValidationErrorItem } from '@esign/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, STATUS_BY_CODE } from '../errors.js';

interface FlatIssue {
  path: string[];
  keyword: string;
  message: string;
}

/** Turns flat issues (path, rule, message) into the spec's nested `{property, constraints, children}` list. */
export function toValidationItems(issues: FlatIssue[], rootProperty: string): ValidationErrorItem[] {
  const roots: ValidationErrorItem[] = [];
  for (const issue of issues) {
    const path = issue.path.length > 0 ? issue.path : [rootProperty];
    let level = roots;
    let item: ValidationErrorItem | undefined;
    for (const property of path) {
      item = level.find((candidate) => candidate.property === property);
      if (!item) {
        item = { property, constraints: {}, children: [] };
        level.push(item);
      }
      level = item.children;
    }
    if (!item) continue;
    let key = issue.keyword;
    for (let n = 2; key in item.constraints; n++) key = `${issue.keyword}${n}`;
    item.constraints[key] = issue.message;
  }
  return roots;
}

function firstMessage(items: ValidationErrorItem[]): string {
  for (const item of items) {
    const own = Object.values(item.constraints)[0];
    if (own) return own;
    const nested = firstMessage(item.children);
    if (nested) return nested;
  }
  return MESSAGES.somethingWentWrong;
}

export function validationError(issues: FlatIssue[], rootProperty = 'body'): AppError {
  const items = toValidationItems(issues, rootProperty);
  return new AppError('VALIDATION_ERROR', firstMessage(items), items);
}

function toAppError(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean),
      keyword: issue.keyword,
      message: issue.message ?? MESSAGES.required,
    }));
    return validationError(issues, error.validationContext ?? 'body');
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('INVALID_JSON', MESSAGES.invalidJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('VALIDATION_ERROR', 'Unsupported content type.');
  }
  if (error.statusCode === 429) return new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyRequests);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('VALIDATION_ERROR', error.message);
  }
  return undefined;
}

/** One place where every error becomes the JSON answer DESIGN.md describes. Unknown errors are logged and hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      const body: ErrorResponse = { statusCode: 500, code: 'INTERNAL', message: MESSAGES.somethingWentWrong };
      if (request.url.startsWith(PUBLIC_API_PREFIX)) body.requestId = request.id;
      return reply.status(500).send(body);
    }
    const statusCode = STATUS_BY_CODE[appError.code];
    const body: ErrorResponse = { statusCode, code: appError.code, message: appError.message };
    // The public API's errors name the request (its x-request-id) for the customer's support questions.
    if (request.url.startsWith(PUBLIC_API_PREFIX)) body.requestId = request.id;
    if (appError.errors) body.errors = appError.errors;
    if (appError.headers) reply.headers(appError.headers);
    return reply.status(statusCode).send(body);
  });
}
