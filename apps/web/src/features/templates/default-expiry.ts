import { EXPIRY_MAX_DAYS } from '@esign/shared';

/** The select's value for 'no default expiry'. */
export const NO_EXPIRY = 'none';

/** The default expiries a template's setup offers, in days (1..EXPIRY_MAX_DAYS). */
const CHOICES = [1, 3, 7, 14, 30, 60, 90, 180, EXPIRY_MAX_DAYS];

/** The choices in days, with `current` (one set through the API) among them when it is not one of them. */
export function expiryChoices(current: string): number[] {
  const days = Number(current);
  if (current === NO_EXPIRY || CHOICES.includes(days)) return CHOICES;
  return [...CHOICES, days].sort((a, b) => a - b);
}

/** A template's default expiry as the select holds it. */
export function expiryDaysChoice(days: number | null | undefined): string {
  return days == null ? NO_EXPIRY : String(days);
}

/** The select's value as the template's `expiryDays`. */
export function expiryDaysOf(choice: string): number | null {
  return choice === NO_EXPIRY ? null : Number(choice);
}
