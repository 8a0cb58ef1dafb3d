import { formSignerSchema } from '@esign/shared';

export type SignerField = 'name' | 'email';

/**
 * The visitor's name and e-mail checked with the shared `formSignerSchema` (the server's own rules and messages).
 * The public page imports this file only when it first checks (a blur, a submit), so zod is not in its first load.
 */
export function signerErrors(values: Record<SignerField, string>): Partial<Record<SignerField, string>> {
  const parsed = formSignerSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<SignerField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'email') && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
