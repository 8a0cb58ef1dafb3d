import { describe, expect, it } from 'vitest';
import {
  canManageAccountSettings,
  dailyReportWindow,
  formatUserDate,
  formatUserTime,
  isTimeZone,
  timeZoneOffsetMinutes,
  timeZoneOptions,
  utcOffsetText,
} from './account-settings.js';

describe('time zones by name', () => {
  // The cause: a time zone was a fixed UTC offset ('-05:00'), so a New York user's dates were an hour off for the
  // half of the year New York keeps daylight saving time. A zone is now an IANA name, read through Intl.
  it('knows IANA names and refuses offsets and unknown names', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Etc/GMT+5')).toBe(true);
    expect(isTimeZone('+05:30')).toBe(false);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('gives New York its standard time in January and its daylight time in July', () => {
    expect(timeZoneOffsetMinutes('America/New_York', new Date('2027-01-15T12:00:00Z'))).toBe(-300);
    expect(timeZoneOffsetMinutes('America/New_York', new Date('2027-07-15T12:00:00Z'))).toBe(-240);
    const january = new Date('2027-01-15T17:30:05Z');
    const july = new Date('2027-07-15T17:30:05Z');
    const newYork = { dateFormat: 'MM/DD/YYYY', timezone: 'America/New_York' } as const;
    expect(formatUserTime(january, newYork)).toBe('12:30:05 UTC-05:00');
    expect(formatUserTime(july, newYork)).toBe('13:30:05 UTC-04:00');
  });

  it('keeps the half-hour offsets, with and without daylight saving', () => {
    const instant = new Date('2027-01-15T20:00:00Z');
    expect(formatUserTime(instant, { dateFormat: 'MM/DD/YYYY', timezone: 'Asia/Kolkata' })).toBe('01:30:00 UTC+05:30');
    expect(formatUserDate(instant, { dateFormat: 'DD/MM/YYYY', timezone: 'Asia/Kolkata' })).toBe('16/01/2027');
    // Adelaide: +10:30 in its summer (January), +09:30 in its winter (July).
    expect(timeZoneOffsetMinutes('Australia/Adelaide', instant)).toBe(630);
    expect(timeZoneOffsetMinutes('Australia/Adelaide', new Date('2027-07-15T20:00:00Z'))).toBe(570);
  });

  it('lists the zones by name with their offset now, UTC first', () => {
    const zones = timeZoneOptions(new Date('2027-07-15T12:00:00Z'));
    expect(zones[0]).toEqual({ zone: 'UTC', region: 'UTC', offsetMinutes: 0 });
    expect(zones).toContainEqual({ zone: 'America/New_York', region: 'America', offsetMinutes: -240 });
    expect(zones).toContainEqual({ zone: 'Asia/Tokyo', region: 'Asia', offsetMinutes: 540 });
    expect(zones.every((option) => isTimeZone(option.zone))).toBe(true);
  });

  it("lists renamed zones by today's names, so a search for Kolkata or Kyiv finds them", () => {
    // Cause: the runtime's list (ICU's) keeps a zone's old name (Asia/Calcutta, Europe/Kiev), so the profile's
    // search for 'Kolkata' found nothing, and a user saved as Asia/Kolkata saw a zone the list lacked.
    const zones = timeZoneOptions(new Date('2027-01-15T12:00:00Z')).map((option) => option.zone);
    expect(zones).toEqual(
      expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Kathmandu', 'Asia/Ho_Chi_Minh']),
    );
    expect(zones).not.toContain('Asia/Calcutta');
    expect(zones).not.toContain('Europe/Kiev');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('writes an offset as ISO 8601 does', () => {
    expect(utcOffsetText(330)).toBe('+05:30');
    expect(utcOffsetText(-720)).toBe('-12:00');
    expect(utcOffsetText(0)).toBe('+00:00');
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
    expect(formatUserDate(instant, { dateFormat: 'MM/DD/YYYY', timezone: 'UTC' })).toBe('05/31/2026');
    expect(formatUserDate(instant, { dateFormat: 'DD/MM/YY', timezone: 'Asia/Kolkata' })).toBe('01/06/26');
    expect(formatUserDate(instant, { dateFormat: 'DD/MM/YYYY', timezone: 'Etc/GMT+12' })).toBe('31/05/2026');
  });

  it('falls back to the given zone without a time zone of their own', () => {
    expect(formatUserDate(instant, { dateFormat: 'MM/DD/YY', timezone: null }, 'Europe/Berlin')).toBe('06/01/26');
    expect(formatUserDate(instant, { dateFormat: 'MM/DD/YY', timezone: null })).toBe('05/31/26');
  });

  it('writes the time with its offset', () => {
    expect(formatUserTime(instant, { dateFormat: 'MM/DD/YYYY', timezone: 'Asia/Kathmandu' })).toBe(
      '04:15:05 UTC+05:45',
    );
    expect(formatUserTime(instant, { dateFormat: 'MM/DD/YYYY', timezone: 'America/Sao_Paulo' })).toBe(
      '19:30:05 UTC-03:00',
    );
  });
});

describe('dailyReportWindow', () => {
  it("covers the user's local day that has just ended, in the run after their midnight only", () => {
    // 00:05 UTC: the UTC day before, for a user without a time zone.
    expect(dailyReportWindow(new Date('2026-03-05T00:05:00Z'), null, 15)).toEqual({
      from: new Date('2026-03-04T00:00:00Z'),
      to: new Date('2026-03-05T00:00:00Z'),
    });
    // 18:35 UTC is 00:05 in Kolkata (+05:30): that zone's 4 March, as UTC instants.
    expect(dailyReportWindow(new Date('2026-03-04T18:35:00Z'), 'Asia/Kolkata', 15)).toEqual({
      from: new Date('2026-03-03T18:30:00Z'),
      to: new Date('2026-03-04T18:30:00Z'),
    });
    // West of UTC: 03:00 UTC is midnight in São Paulo (-03:00).
    expect(dailyReportWindow(new Date('2026-03-05T03:14:59Z'), 'America/Sao_Paulo', 15)?.from).toEqual(
      new Date('2026-03-04T03:00:00Z'),
    );
    // The day daylight saving begins in New York (8 March 2026) has 23 hours: from 05:00 UTC to 04:00 UTC.
    expect(dailyReportWindow(new Date('2026-03-09T04:05:00Z'), 'America/New_York', 15)).toEqual({
      from: new Date('2026-03-08T05:00:00Z'),
      to: new Date('2026-03-09T04:00:00Z'),
    });
  });

  it('answers nothing later in the local day', () => {
    expect(dailyReportWindow(new Date('2026-03-05T00:15:00Z'), null, 15)).toBeNull();
    expect(dailyReportWindow(new Date('2026-03-05T00:05:00Z'), 'Asia/Kathmandu', 15)).toBeNull();
    // 05:05 UTC is 01:05 in New York's summer: its midnight was at 04:00 UTC.
    expect(dailyReportWindow(new Date('2026-07-05T05:05:00Z'), 'America/New_York', 15)).toBeNull();
    expect(dailyReportWindow(new Date('2026-07-05T04:05:00Z'), 'America/New_York', 15)).not.toBeNull();
  });
});
