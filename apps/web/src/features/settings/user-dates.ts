import { type DatePreferences, formatUserDate, formatUserTime } from '@esign/shared';
import { useMemo } from 'react';
import { useCurrentUser } from '../auth/api';

export interface UserDates {
  /** The date of an instant in the user's format and time zone. */
  date(at: string | Date): string;
  /** Its time with the UTC offset ('14:05:09 UTC+05:30'). */
  time(at: string | Date): string;
}

const DEFAULT_PREFERENCES: DatePreferences = { dateFormat: 'MM/DD/YYYY', timezone: null };

/** Dates as a user chose to read them; without a time zone of their own, the device's (at that instant). */
export function userDates(preferences: DatePreferences): UserDates {
  const deviceOffset = (instant: Date) => -instant.getTimezoneOffset();
  return {
    date: (at) => {
      const instant = new Date(at);
      return formatUserDate(instant, preferences, deviceOffset(instant));
    },
    time: (at) => {
      const instant = new Date(at);
      return formatUserTime(instant, preferences, deviceOffset(instant));
    },
  };
}

/** The logged-in user's dates: every list, the activity and the preview show dates through this. */
export function useUserDates(): UserDates {
  const { data: user } = useCurrentUser();
  const dateFormat = user?.dateFormat ?? DEFAULT_PREFERENCES.dateFormat;
  const timezone = user?.timezone ?? null;
  return useMemo(() => userDates({ dateFormat, timezone }), [dateFormat, timezone]);
}
