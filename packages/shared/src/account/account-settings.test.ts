import { describe, expect, it } from 'vitest';
import {
  canManageAccountSettings,
  dailyReportWindow,
  formatUserDate,
  formatUserTime,
  TIME_ZONES,
  timeZoneMinutes,
} from './account-settings.js';

describe('TIME_ZONES', () => {
  it('lists -12 to +12 with the steps the spec names', () => {
    expect(TIME_ZONES[0]).toBe('-12:00');
    expect(TIME_ZONES.at(-1)).toBe('+12:00');
    expect(TIME_ZONES).toEqual(expect.arrayContaining(['+03:30', '+04:30', '+05:30', '+05:45', '+09:30', '+00:00']));
    expect(TIME_ZONES).toHaveLength(30);
  });

  it('reads an offset in minutes, and nothing for an unknown zone', () => {
    expect(timeZoneMinutes('+05:45')).toBe(345);
    expect(timeZoneMinutes('-09:00')).toBe(-540);
    expect(timeZoneMinutes('+05:15')).toBeNull();
    expect(timeZoneMinutes(null)).toBeNull();
  });
});

describe('canManageAccountSettings', () => {
  it('lets an account of its own and a team owner in, not a team admin or user', () => {
    expect(canManageAccountSettings({ teamId: null, role: null })).toBe(true);
    expect(canManageAccountSettings({ teamId: 't', role: 'owner' })).toBe(true);
    expect(canManageAccountSettings({ teamId: 't', role: 'admin' })).toBe(false);
    expect(canManageAccountSettings({ teamId: 't', role: 'user' })).toBe(false);
  });
});

describe('formatUserDate and formatUserTime', () => {
  const instant = new Date('2026-05-31T22:30:05Z');

  it('shows the date of the user time zone in the user format', () => {
    expect(formatUserDate(instant, { dateFormat: 'MM/DD/YYYY', timezone: '+00:00' })).toBe('05/31/2026');
    expect(formatUserDate(instant, { dateFormat: 'DD/MM/YY', timezone: '+05:30' })).toBe('01/06/26');
    expect(formatUserDate(instant, { dateFormat: 'DD/MM/YYYY', timezone: '-12:00' })).toBe('31/05/2026');
  });

  it('falls back to the given offset without a time zone', () => {
    expect(formatUserDate(instant, { dateFormat: 'MM/DD/YY', timezone: null }, 120)).toBe('06/01/26');
  });

  it('writes the time with its offset', () => {
    expect(formatUserTime(instant, { dateFormat: 'MM/DD/YYYY', timezone: '+05:45' })).toBe('04:15:05 UTC+05:45');
    expect(formatUserTime(instant, { dateFormat: 'MM/DD/YYYY', timezone: '-03:00' })).toBe('19:30:05 UTC-03:00');
  });
});

describe('dailyReportWindow', () => {
  it("covers the user's local day that has just ended, in the run after their midnight only", () => {
    // 00:05 UTC: the UTC day before, for a user without a time zone.
    expect(dailyReportWindow(new Date('2026-03-05T00:05:00Z'), null, 15)).toEqual({
      from: new Date('2026-03-04T00:00:00Z'),
      to: new Date('2026-03-05T00:00:00Z'),
    });
    // 18:35 UTC is 00:05 in +05:30: that zone's 4 March, as UTC instants.
    expect(dailyReportWindow(new Date('2026-03-04T18:35:00Z'), '+05:30', 15)).toEqual({
      from: new Date('2026-03-03T18:30:00Z'),
      to: new Date('2026-03-04T18:30:00Z'),
    });
    // West of UTC: 03:00 UTC is midnight in -03:00.
    expect(dailyReportWindow(new Date('2026-03-05T03:14:59Z'), '-03:00', 15)?.from).toEqual(
      new Date('2026-03-04T03:00:00Z'),
    );
  });

  it('answers nothing later in the local day', () => {
    expect(dailyReportWindow(new Date('2026-03-05T00:15:00Z'), null, 15)).toBeNull();
    expect(dailyReportWindow(new Date('2026-03-05T00:05:00Z'), '+05:45', 15)).toBeNull();
  });
});
