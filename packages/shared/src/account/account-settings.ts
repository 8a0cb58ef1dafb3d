/**
 * Account settings (spec part 2, sections 2, 3 and 9): the time zones and the notification flags of the profile,
 * who may open the owner-only settings pages, and how a date shows in a user's date format and time zone. Pure
 * rules, run by the web app (the settings guard, every date it shows) and the server (the mails' dates).
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

/** The spec's time zones: whole hours from -12 to +12 and the half and quarter steps it names, as UTC offsets. */
export const TIME_ZONE_HOURS = [
  -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 3.5, 4, 4.5, 5, 5.5, 5.75, 6, 7, 8, 9, 9.5, 10, 11, 12,
] as const;

/** A time zone as stored and sent: the offset written as in ISO 8601 ('+05:30', '-12:00', '+00:00'). */
export function timeZoneOf(hours: number): string {
  const sign = hours < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(hours) * 60);
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const TIME_ZONES = TIME_ZONE_HOURS.map(timeZoneOf) as [string, ...string[]];

/** The offset of a time zone in minutes east of UTC; null (the browser's own) for none or an unknown value. */
export function timeZoneMinutes(timeZone: string | null | undefined): number | null {
  if (!timeZone || !TIME_ZONES.includes(timeZone)) return null;
  const sign = timeZone.startsWith('-') ? -1 : 1;
  const [hours = 0, minutes = 0] = timeZone.slice(1).split(':').map(Number);
  return sign * (hours * 60 + minutes);
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
  /** A value of TIME_ZONES; null shows the time of `fallbackOffsetMinutes` (the browser's zone, or UTC). */
  timezone: string | null;
}

/** The calendar date and time of an instant as a user reads it: in their time zone, else at the fallback offset. */
function wallClock(instant: Date, preferences: DatePreferences, fallbackOffsetMinutes: number) {
  const offset = timeZoneMinutes(preferences.timezone) ?? fallbackOffsetMinutes;
  const shifted = new Date(instant.getTime() + offset * 60_000);
  return { shifted, offset };
}

/** The calendar day of an instant in the user's time zone (a preparer's 'today'). */
export function userCalendarDate(instant: Date, preferences: DatePreferences, fallbackOffsetMinutes = 0) {
  const { shifted } = wallClock(instant, preferences, fallbackOffsetMinutes);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The date of an instant in the user's date format and time zone ('05/31/2026'). */
export function formatUserDate(instant: Date, preferences: DatePreferences, fallbackOffsetMinutes = 0): string {
  return formatFieldDate(userCalendarDate(instant, preferences, fallbackOffsetMinutes), preferences.dateFormat);
}

/** The time of an instant in the user's time zone with its offset ('14:05:09 UTC+05:30'), as the activity shows it. */
export function formatUserTime(instant: Date, preferences: DatePreferences, fallbackOffsetMinutes = 0): string {
  const { shifted, offset } = wallClock(instant, preferences, fallbackOffsetMinutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())} UTC${timeZoneOf(offset / 60)}`;
}

/** The clock time of an instant in the user's time zone on a 12-hour clock ('06:51 PM': the request history's 'hh:mm A'). */
export function formatUserClock(instant: Date, preferences: DatePreferences, fallbackOffsetMinutes = 0): string {
  const { shifted } = wallClock(instant, preferences, fallbackOffsetMinutes);
  const hours = shifted.getUTCHours();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(hours % 12 === 0 ? 12 : hours % 12)}:${pad(shifted.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * The day a daily report run at `at` covers for a user in `timezone` (none: UTC): the local day that has just ended,
 * when `at` falls in the first `everyMinutes` of the user's local day (the report runs that often, so each user's
 * midnight is seen by exactly one run); otherwise null. The window is given as UTC instants.
 */
export function dailyReportWindow(at: Date, timezone: string | null, everyMinutes: number) {
  const offsetMs = (timeZoneMinutes(timezone) ?? 0) * 60_000;
  const local = at.getTime() + offsetMs;
  const dayMs = 24 * 60 * 60 * 1000;
  const localMidnight = Math.floor(local / dayMs) * dayMs;
  if (local - localMidnight >= everyMinutes * 60_000) return null;
  return { from: new Date(localMidnight - dayMs - offsetMs), to: new Date(localMidnight - offsetMs) };
}
