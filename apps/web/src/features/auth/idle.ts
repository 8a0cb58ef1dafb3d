import { IDLE_LOGOUT_MINUTES_DEFAULT } from '@esign/shared';

/** How often at most one tab writes its last activity to localStorage. */
export const ACTIVITY_WRITE_INTERVAL_MS = 1000;
/** The longest a tab sleeps between two looks at the shared last activity. */
export const MAX_CHECK_DELAY_MS = 30_000;

/** The idle time-out in milliseconds from a configured number of minutes (bad values use the default). */
export function idleTimeoutMs(configuredMinutes: string | number | undefined): number {
  const minutes = Number(configuredMinutes ?? IDLE_LOGOUT_MINUTES_DEFAULT);
  const safeMinutes = Number.isFinite(minutes) && minutes > 0 ? minutes : IDLE_LOGOUT_MINUTES_DEFAULT;
  return safeMinutes * 60_000;
}

export type IdleDecision = { isExpired: true } | { isExpired: false; nextCheckInMs: number };

/**
 * Decides, from the last activity of any tab, whether the session has been idle too long,
 * and otherwise when to look again.
 */
export function decideIdle(input: { lastActivityAt: number; now: number; timeoutMs: number }): IdleDecision {
  const idleFor = Math.max(0, input.now - input.lastActivityAt);
  if (idleFor >= input.timeoutMs) return { isExpired: true };
  const remaining = input.timeoutMs - idleFor;
  return { isExpired: false, nextCheckInMs: Math.min(remaining, MAX_CHECK_DELAY_MS) };
}

/** Whether a new activity should be written, given when this tab last wrote one. */
export function shouldRecordActivity(lastWrittenAt: number, now: number): boolean {
  return now - lastWrittenAt >= ACTIVITY_WRITE_INTERVAL_MS;
}

/** Reads a stored timestamp; anything unreadable counts as missing. */
export function parseTimestamp(value: string | null): number | null {
  if (value === null) return null;
  const timestamp = Number(value);
  return Number.isFinite(timestamp) && timestamp > 0 ? timestamp : null;
}
