/**
 * Account settings (spec part 2, sections 2, 3 and 9): the time zones (IANA names through Intl, with daylight
 * saving; a migration mapped the spec's fixed offsets to zones of the same offset) and the notification flags of the
 * profile, who may open the owner-only settings pages, and how a date shows in a user's date format and time zone.
 * Pure rules, run by the web app (the settings guard, every date it shows) and the server (the mails' dates).
 */
import type { DATE_FORMATS } from '../api/constants.js';
import { formatFieldDate } from '../documents/field-appearance.js';

/** The avatar (sections 5 and 9): these types, checked by content; at most 5 MB as uploaded; kept 128x128. */
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 128;

/** An e-mail change link lives as long as a sign-up's confirmation link. */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

export type DateFormat = (typeof DATE_FORMATS)[number];

/** An offset in minutes east of UTC written as in ISO 8601 ('+05:30', '-12:00', '+00:00'). */
export function utcOffsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/** One formatter per zone: the lists format hundreds of dates, and a formatter is costly to make. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * A time zone as stored and sent: an IANA name ('America/New_York', 'Asia/Kolkata', 'UTC'), whose offset and
 * daylight saving the runtime's Intl knows. Offsets ('+05:30', the spec's old list) are not names.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    wallClockFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date and clock time of an instant in a zone. */
function wallClockIn(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return { year, month, day, hour, minute, second };
}

/** A zone's offset from UTC at an instant, in minutes east (New York: -300 in January, -240 in July). */
export function timeZoneOffsetMinutes(timeZone: string, instant: Date): number {
  const clock = wallClockIn(instant, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a calendar day begins in a zone (its first minute, where daylight saving skips midnight). */
function startOfDayIn(date: { year: number; month: number; day: number }, timeZone: string): Date {
  const midnightAsUtc = Date.UTC(date.year, date.month - 1, date.day);
  const first = midnightAsUtc - timeZoneOffsetMinutes(timeZone, new Date(midnightAsUtc)) * 60_000;
  return new Date(midnightAsUtc - timeZoneOffsetMinutes(timeZone, new Date(first)) * 60_000);
}

export interface TimeZoneOption {
  zone: string;
  /** The name's first part ('America'), by which the settings page groups the zones; 'UTC' for UTC. */
  region: string;
  /** The zone's offset at the instant the list was made. */
  offsetMinutes: number;
}

/**
 * Zones the runtime's list (ICU's) still names by an old name, and their names in the tz database today (its
 * 'backward' links): the list shows today's, so a search for Kolkata or Kyiv finds them. Both names work in `Intl`.
 */
const RENAMED_ZONES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Godthab': 'America/Nuuk',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The zones the runtime knows, UTC first, then by region and name, each with its offset at `now`. */
export function timeZoneOptions(now: Date): TimeZoneOption[] {
  const names = new Set(
    Intl.supportedValuesOf('timeZone')
      .filter((zone) => zone !== 'UTC')
      .map((zone) => RENAMED_ZONES[zone] ?? zone),
  );
  return ['UTC', ...[...names].sort()].map((zone) => ({
    zone,
    region: zone.split('/')[0] ?? zone,
    offsetMinutes: timeZoneOffsetMinutes(zone, now),
  }));
}

/** The eight notification flags of a user (section 3), in the order the profile shows them. */
export const NOTIFICATION_FLAGS = [
  'isReceivingReminders',
  'isReceivingSigned',
  'isReceivingSignerSigned',
  'isReceivingOpenedSigning',
  'isReceivingCompletedDocument',
  'isSendingCompletedDocument',
  'isSendingToAllPartiesInOrderedDocument',
  'isReceivingSignatureRequestsDailyReport',
] as const;
export type NotificationFlag = (typeof NOTIFICATION_FLAGS)[number];
export type NotificationSettings = Record<NotificationFlag, boolean>;

/** Every mail is on for a new account but the daily report, which is asked for. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  isReceivingReminders: true,
  isReceivingSigned: true,
  isReceivingSignerSigned: true,
  isReceivingOpenedSigning: true,
  isReceivingCompletedDocument: true,
  isSendingCompletedDocument: true,
  isSendingToAllPartiesInOrderedDocument: true,
  isReceivingSignatureRequestsDailyReport: false,
};

/**
 * Who may open the owner-only settings pages (company, api, request history, billing, plan): an account of its
 * own (no team) or the team's owner; a team's admins and users see 'Oops! You don't have access.'.
 */
export function canManageAccountSettings(user: { teamId: string | null; role: 'owner' | 'admin' | 'user' | null }) {
  return user.teamId === null || user.role === 'owner';
}

/** Spec part 2: 'The email field is disabled for roles other than user' (a team's owner and admins; alone: none). */
export function canChangeEmail(user: { role: 'owner' | 'admin' | 'user' | null }): boolean {
  return user.role === null || user.role === 'user';
}

export interface DatePreferences {
  dateFormat: DateFormat;
  /** An IANA zone name (isTimeZone); null shows the time of the fallback zone (the browser's, or UTC). */
  timezone: string | null;
}

/** The calendar date and time of an instant as a user reads it: in their time zone, else in the fallback zone. */
function wallClock(instant: Date, preferences: DatePreferences, fallbackTimeZone: string) {
  const zone = preferences.timezone && isTimeZone(preferences.timezone) ? preferences.timezone : fallbackTimeZone;
  return { clock: wallClockIn(instant, zone), offset: timeZoneOffsetMinutes(zone, instant) };
}

/** The calendar day of an instant in the user's time zone (a preparer's 'today'). */
export function userCalendarDate(instant: Date, preferences: DatePreferences, fallbackTimeZone = 'UTC') {
  const { clock } = wallClock(instant, preferences, fallbackTimeZone);
  return { year: clock.year, month: clock.month, day: clock.day };
}

/** The date of an instant in the user's date format and time zone ('05/31/2026'). */
export function formatUserDate(instant: Date, preferences: DatePreferences, fallbackTimeZone = 'UTC'): string {
  return formatFieldDate(userCalendarDate(instant, preferences, fallbackTimeZone), preferences.dateFormat);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The time of an instant in the user's time zone with its offset at that instant ('14:05:09 UTC+05:30'; New York
 * 'UTC-05:00' in winter, 'UTC-04:00' in summer), as the activity shows it.
 */
export function formatUserTime(instant: Date, preferences: DatePreferences, fallbackTimeZone = 'UTC'): string {
  const { clock, offset } = wallClock(instant, preferences, fallbackTimeZone);
  return `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)} UTC${utcOffsetText(offset)}`;
}

/** The clock time of an instant in the user's time zone on a 12-hour clock ('06:51 PM': the request history's 'hh:mm A'). */
export function formatUserClock(instant: Date, preferences: DatePreferences, fallbackTimeZone = 'UTC'): string {
  const { clock } = wallClock(instant, preferences, fallbackTimeZone);
  const { hour } = clock;
  return `${pad(hour % 12 === 0 ? 12 : hour % 12)}:${pad(clock.minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The zone dates are computed in for a stored preference: the named zone, or UTC for none or an unknown name. */
export function timeZoneOrUtc(timezone: string | null | undefined): string {
  return timezone && isTimeZone(timezone) ? timezone : 'UTC';
}

/** The instant the day before a calendar day began in a zone. */
function previousDayIn(today: { year: number; month: number; day: number }, timeZone: string) {
  const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.day - 1));
  return startOfDayIn(
    { year: yesterday.getUTCFullYear(), month: yesterday.getUTCMonth() + 1, day: yesterday.getUTCDate() },
    timeZone,
  );
}

/** The instant the month of `now` began in a zone (its 1st, at the first minute of that day). */
export function startOfMonthIn(now: Date, timeZone: string): Date {
  const { year, month } = wallClockIn(now, timeZone);
  return startOfDayIn({ year, month, day: 1 }, timeZone);
}

/**
 * The day a daily report run at `at` covers for a user in `timezone` (none: UTC): the local day that has just ended
 * (23 or 25 hours long where daylight saving begins or ends), when `at` falls in the first `everyMinutes` of the
 * user's local day (the report runs that often, so
 * each user's midnight is seen by exactly one run); otherwise null. The window is given as UTC instants.
 */
export function dailyReportWindow(at: Date, timezone: string | null, everyMinutes: number) {
  const zone = timeZoneOrUtc(timezone);
  const to = startOfDayIn(wallClockIn(at, zone), zone);
  if (at.getTime() - to.getTime() >= everyMinutes * 60_000) return null;
  return { from: previousDayIn(wallClockIn(at, zone), zone), to };
}
