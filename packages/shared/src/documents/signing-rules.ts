import { DEFAULT_FIELD_DATE_FORMAT, type FieldDateFormat } from './field-appearance.js';
import { type FieldType, isFieldSigned } from './field-kinds.js';

/** A calendar date: year, month 1-12, day. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Reads a date written in a field date format; null when it does not read as a real calendar date. */
export function parseFieldDate(text: string, format: FieldDateFormat = DEFAULT_FIELD_DATE_FORMAT): CalendarDate | null {
  const isLongYear = format.endsWith('YYYY');
  const match = (isLongYear ? /^(\d{2})\/(\d{2})\/(\d{4})$/ : /^(\d{2})\/(\d{2})\/(\d{2})$/).exec(text.trim());
  if (!match) return null;
  const [first, second, yearText] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const isMonthFirst = format.startsWith('MM');
  const month = isMonthFirst ? first : second;
  const day = isMonthFirst ? second : first;
  const year = isLongYear ? yearText : 2000 + yearText;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The calendar date of an instant in the browser's own time zone. */
export function localToday(now: Date = new Date()): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/**
 * The earliest date a signer may write when signing ('today or later'). The server does not know the signer's
 * time zone, so it accepts the UTC date minus one day: the signer's today is never earlier than that.
 */
export function earliestSigningDate(now: Date): CalendarDate {
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  return { year: yesterday.getUTCFullYear(), month: yesterday.getUTCMonth() + 1, day: yesterday.getUTCDate() };
}

interface SteppableField {
  id: string;
  type: FieldType;
  pageNumber: number;
  coordinateX: number;
  coordinateY: number;
  required: boolean;
  requisiteId?: string | null;
  text?: string | null;
  checked?: boolean | null;
}

/** The signer's steps: required fields not yet signed, by page, then Y, then X. */
export function requiredUnsignedFields<F extends SteppableField>(fields: F[]): F[] {
  return fields
    .filter((field) => field.required && !isFieldSigned(field))
    .sort((a, b) => a.pageNumber - b.pageNumber || a.coordinateY - b.coordinateY || a.coordinateX - b.coordinateX);
}

/** A redirection page is followed only when it is an http or https address (nothing else, no spaces). */
export function safeRedirectionUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  return /^https?:\/\/[^\s/?#\\]+[^\s\\]*$/i.test(trimmed) ? trimmed : null;
}
