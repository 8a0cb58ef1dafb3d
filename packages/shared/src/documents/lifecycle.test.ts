import { describe, expect, it } from 'vitest';
import { expiryDateOf, expiryInstant, isEndedStatus, isExpiryDateAllowed } from './lifecycle.js';

describe('expiry dates', () => {
  const now = new Date('2026-11-28T22:00:00Z');

  it('lasts through the end of its day in UTC', () => {
    expect(expiryInstant('2026-12-01').toISOString()).toBe('2026-12-01T23:59:59.999Z');
    expect(expiryDateOf(expiryInstant('2026-12-01'))).toBe('2026-12-01');
  });

  it('allows today up to a year ahead, and nothing before today, malformed or impossible', () => {
    expect(isExpiryDateAllowed('2026-11-28', now)).toBe(true);
    expect(isExpiryDateAllowed('2027-11-28', now)).toBe(true);
    expect(isExpiryDateAllowed('2027-11-30', now)).toBe(false);
    expect(isExpiryDateAllowed('2026-11-27', now)).toBe(false);
    expect(isExpiryDateAllowed('28/11/2026', now)).toBe(false);
    expect(isExpiryDateAllowed('2026-13-40', now)).toBe(false);
  });
});

describe('ended statuses', () => {
  it('are declined, voided and expired; completion is not one', () => {
    expect(['declined', 'voided', 'expired', 'completed', 'awaiting'].filter(isEndedStatus)).toEqual([
      'declined',
      'voided',
      'expired',
    ]);
  });
});
