import { describe, expect, it } from 'vitest';
import { decideIdle, idleTimeoutMs, MAX_CHECK_DELAY_MS, parseTimestamp, shouldRecordActivity } from './idle';

const MINUTE = 60_000;

describe('idleTimeoutMs', () => {
  it('uses the configured minutes', () => {
    expect(idleTimeoutMs('2')).toBe(2 * MINUTE);
    expect(idleTimeoutMs(0.5)).toBe(30_000);
  });

  it('falls back to 5 minutes for missing or bad values', () => {
    expect(idleTimeoutMs(undefined)).toBe(5 * MINUTE);
    expect(idleTimeoutMs('soon')).toBe(5 * MINUTE);
    expect(idleTimeoutMs('-1')).toBe(5 * MINUTE);
  });
});

describe('decideIdle', () => {
  const timeoutMs = 5 * MINUTE;

  it('expires once the time-out has passed since the last activity of any tab', () => {
    expect(decideIdle({ lastActivityAt: 0, now: timeoutMs, timeoutMs })).toEqual({ isExpired: true });
  });

  it('looks again when the time-out would be reached, but at least every 30 seconds', () => {
    expect(decideIdle({ lastActivityAt: 0, now: timeoutMs - 1000, timeoutMs })).toEqual({
      isExpired: false,
      nextCheckInMs: 1000,
    });
    expect(decideIdle({ lastActivityAt: 0, now: 0, timeoutMs })).toEqual({
      isExpired: false,
      nextCheckInMs: MAX_CHECK_DELAY_MS,
    });
  });

  it('treats an activity in the future (clock skew between tabs) as now', () => {
    expect(decideIdle({ lastActivityAt: 10_000, now: 0, timeoutMs })).toMatchObject({ isExpired: false });
  });
});

describe('shouldRecordActivity', () => {
  it('writes at most once a second', () => {
    expect(shouldRecordActivity(1000, 1500)).toBe(false);
    expect(shouldRecordActivity(1000, 2000)).toBe(true);
  });
});

describe('parseTimestamp', () => {
  it('reads stored numbers and ignores garbage', () => {
    expect(parseTimestamp('1700000000000')).toBe(1_700_000_000_000);
    expect(parseTimestamp(null)).toBeNull();
    expect(parseTimestamp('abc')).toBeNull();
  });
});
