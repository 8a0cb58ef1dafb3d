import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error';

/**
 * Puts the server's validation messages onto the form's fields (messages stay in English;
 * the field renders them through translateMessage). Returns whether any field got one.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let hasFieldError = false;
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message === undefined) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !hasFieldError });
    hasFieldError = true;
  }
  return hasFieldError;
}
