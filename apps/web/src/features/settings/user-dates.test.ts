import { describe, expect, it } from 'vitest';
import { userDates } from './user-dates';

describe('userDates', () => {
  it('shows an instant in the chosen format and time zone', () => {
    const dates = userDates({ dateFormat: 'DD/MM/YY', timezone: 'Australia/Darwin' });
    expect(dates.date('2026-03-05T20:00:00.000Z')).toBe('06/03/26');
    expect(dates.time('2026-03-05T20:00:00.000Z')).toBe('05:30:00 UTC+09:30');
    expect(dates.clock('2026-03-05T20:00:00.000Z')).toBe('05:30 AM');
    expect(dates.clock('2026-03-05T03:00:00.000Z')).toBe('12:30 PM');
    expect(dates.dateTime('2026-03-05T20:00:00.000Z')).toBe('06/03/26 05:30:00 UTC+09:30');
  });

  it('follows daylight saving: New York is UTC-05:00 in January and UTC-04:00 in July', () => {
    const dates = userDates({ dateFormat: 'MM/DD/YYYY', timezone: 'America/New_York' });
    expect(dates.dateTime('2027-01-15T03:30:00.000Z')).toBe('01/14/2027 22:30:00 UTC-05:00');
    expect(dates.dateTime('2027-07-15T03:30:00.000Z')).toBe('07/14/2027 23:30:00 UTC-04:00');
  });

  it("falls back to the device's zone without one", () => {
    const dates = userDates({ dateFormat: 'MM/DD/YYYY', timezone: null });
    const instant = new Date('2026-03-05T12:00:00.000Z');
    const local = `${String(instant.getMonth() + 1).padStart(2, '0')}/${String(instant.getDate()).padStart(2, '0')}/2026`;
    expect(dates.date(instant.toISOString())).toBe(local);
    expect(dates.time(instant.toISOString())).toMatch(/^\d{2}:00:00 UTC[+-]\d{2}:\d{2}$/);
  });
});
