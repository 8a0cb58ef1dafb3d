import { describe, expect, it } from 'vitest';
import { isRetentionDue, type RetentionInput, retentionDueAt } from './retention.js';

const ended = new Date('2026-01-01T10:00:00Z');
const base: RetentionInput = {
  status: 'completed',
  endedAt: ended,
  retentionDays: 30,
  isHeld: false,
  isRemoved: false,
};

describe('the retention rule', () => {
  it('is due the given number of days after the document ended, not a moment before', () => {
    expect(retentionDueAt(base)?.toISOString()).toBe('2026-01-31T10:00:00.000Z');
    expect(isRetentionDue(base, new Date('2026-01-31T09:59:59.999Z'))).toBe(false);
    expect(isRetentionDue(base, new Date('2026-01-31T10:00:00Z'))).toBe(true);
  });

  it.each(['completed', 'declined', 'voided', 'expired'])('removes a %s document', (status) => {
    expect(isRetentionDue({ ...base, status }, new Date('2027-01-01'))).toBe(true);
  });

  it.each(['draft', 'awaiting'])('never removes a %s document', (status) => {
    expect(retentionDueAt({ ...base, status })).toBeNull();
  });

  it('keeps forever without a rule, under a hold, and once removed', () => {
    const later = new Date('2100-01-01');
    expect(isRetentionDue({ ...base, retentionDays: null }, later)).toBe(false);
    expect(isRetentionDue({ ...base, isHeld: true }, later)).toBe(false);
    expect(isRetentionDue({ ...base, isRemoved: true }, later)).toBe(false);
    expect(isRetentionDue({ ...base, endedAt: null }, later)).toBe(false);
  });

  it('with 0 days would remove at once, which the contract refuses (at least one day)', () => {
    expect(isRetentionDue({ ...base, retentionDays: 0 }, ended)).toBe(true);
  });
});
