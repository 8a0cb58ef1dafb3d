import {
  type CalendarDate,
  type DatePreferences,
  formatUserClock,
  formatUserDate,
  formatUserTime,
  userCalendarDate,
} from '@esign/shared';
import { useMemo } from 'react';
import { useCurrentUser } from '../auth/api';

export interface UserDates {
  /** The date of an instant in the user's format and time zone. */
  date(at: string | Date): string;
  /** Its time with the UTC offset ('14:05:09 UTC+05:30'). */
  time(at: string | Date): string;
  /** Its time on a 12-hour clock ('06:51 PM'), as the API request history shows it. */
  clock(at: string | Date): string;
  /** Its date and time with the UTC offset ('05/31/2026 14:05:09 UTC+05:30'). */
  dateTime(at: string | Date): string;
  /** The calendar day it is now for the user (what a preparer's date field shows). */
  today(): CalendarDate;
}

const DEFAULT_PREFERENCES: DatePreferences = { dateFormat: 'MM/DD/YYYY', timezone: null };

/** Dates as a user chose to read them; without a time zone of their own, the device's. */
export function userDates(preferences: DatePreferences): UserDates {
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const shown =
    <T>(format: (instant: Date, preferences: DatePreferences, fallbackTimeZone: string) => T) =>
    (at: string | Date) =>
      format(new Date(at), preferences, deviceZone);
  const date = shown(formatUserDate);
  const time = shown(formatUserTime);
  return {
    date,
    time,
    clock: shown(formatUserClock),
    dateTime: (at) => `${date(at)} ${time(at)}`,
    today: () => shown(userCalendarDate)(new Date()),
  };
}

/**
 * The logged-in user's dates (logged out: the device's zone): every date and time the app shows goes through this.
 */
export function useUserDates(): UserDates {
  const { data: user } = useCurrentUser();
  const dateFormat = user?.dateFormat ?? DEFAULT_PREFERENCES.dateFormat;
  const timezone = user?.timezone ?? null;
  return useMemo(() => userDates({ dateFormat, timezone }), [dateFormat, timezone]);
}
