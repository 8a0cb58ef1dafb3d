import { z } from 'zod';
import { ERROR_CODES, type ValidationErrorItem } from '../api/errors.js';

/** The body of every error answer (spec section 3). */
export const validationErrorItem: z.ZodType<ValidationErrorItem> = z.lazy(() =>
  z.object({
    property: z.string(),
    constraints: z.record(z.string(), z.string()),
    children: z.array(validationErrorItem),
  }),
);

export const errorResponse = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.array(validationErrorItem).optional(),
  /** The public API's answers: the request's id (its x-request-id header). */
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
