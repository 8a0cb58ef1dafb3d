/**
 * The life of a sent document besides completion (issue 36): a signer declines it, the sender voids it, or its
 * expiry date passes. Each is an end: every signing link stops working and nothing is sealed. A declined, voided or
 * expired document can be copied into a new draft ('Edit & Resend'); an expired one can also be extended, which
 * makes it awaiting again with the same links. Zod-free, so the browser can use it anywhere.
 */
export const ENDED_STATUSES = ['declined', 'voided', 'expired'] as const;
export type EndedStatus = (typeof ENDED_STATUSES)[number];

export function isEndedStatus(status: string): status is EndedStatus {
  return (ENDED_STATUSES as readonly string[]).includes(status);
}

/** A reason (decline, void, reject, reassign): required, at most this long (characters). */
export const REASON_MAX_LENGTH = 500;

/** Expiry: signers on their turn are reminded these many days before (the largest first), then it expires. */
export const EXPIRY_REMINDER_DAYS = [3, 1] as const;
/** The sweep's batch: documents expired per transaction (each batch holds its rows' locks only while it runs). */
export const EXPIRY_SWEEP_BATCH = 500;
/** The latest expiry date a document may carry, counted from today. */
export const EXPIRY_MAX_DAYS = 365;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant an expiry date (YYYY-MM-DD) ends: the end of that day in UTC, the date every party is shown. */
export function expiryInstant(date: string): Date {
  return new Date(`${date}T23:59:59.999Z`);
}

/** The date (YYYY-MM-DD, UTC) an expiry instant belongs to. */
export function expiryDateOf(instant: Date | string): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * The expiry instant of a document made now from a template whose default expiry is `days` days: the end (UTC) of
 * the day `days` days from now.
 */
export function defaultExpiryInstant(days: number, now: Date): Date {
  return expiryInstant(expiryDateOf(new Date(now.getTime() + days * DAY_MS)));
}

/** Whether a chosen expiry date may be set now: today or later, and at most EXPIRY_MAX_DAYS ahead. */
export function isExpiryDateAllowed(date: string, now: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) return false;
  const end = expiryInstant(date).getTime();
  return end > now.getTime() && end - now.getTime() <= (EXPIRY_MAX_DAYS + 1) * DAY_MS;
}
