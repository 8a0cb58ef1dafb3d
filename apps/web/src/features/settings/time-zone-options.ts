import { timeZoneOffsetMinutes, timeZoneOptions, utcOffsetText } from '@esign/shared';
import type { ComboboxItem, ComboboxItemGroup } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n';

type Translate = ReturnType<typeof useTranslation>['t'];

/** A zone as the select shows it: 'New York (UTC-05:00)'; UTC and the fixed zones (Etc/GMT+5) by offset alone. */
export function timeZoneLabel(zone: string, offsetMinutes: number, t: Translate): string {
  const offset = utcOffsetText(offsetMinutes);
  if (zone === 'UTC' || zone.startsWith('Etc/')) return t('settings.timezoneOption', { offset });
  const place = zone.slice(zone.indexOf('/') + 1).replaceAll('_', ' ');
  return t('settings.timezoneZoneOption', { zone: place, offset });
}

/**
 * The time zone select's data: `first` (the device's own), UTC, the user's saved zone when the browser does not
 * list it (an alias, or a fixed zone an old offset became), then every zone the browser knows, grouped by region,
 * each with its offset now (so today's daylight saving shows).
 */
export function timeZoneSelectData(
  first: ComboboxItem,
  saved: string | null,
  now: Date,
  t: Translate,
): (ComboboxItem | ComboboxItemGroup)[] {
  const options = timeZoneOptions(now);
  const [utc, ...zones] = options;
  const top: ComboboxItem[] = [first];
  if (utc) top.push({ value: utc.zone, label: timeZoneLabel(utc.zone, utc.offsetMinutes, t) });
  if (saved && !options.some((option) => option.zone === saved)) {
    top.push({ value: saved, label: timeZoneLabel(saved, timeZoneOffsetMinutes(saved, now), t) });
  }
  const groups = new Map<string, ComboboxItem[]>();
  for (const option of zones) {
    const items = groups.get(option.region) ?? [];
    items.push({ value: option.zone, label: timeZoneLabel(option.zone, option.offsetMinutes, t) });
    groups.set(option.region, items);
  }
  return [...top, ...[...groups].map(([group, items]) => ({ group, items }))];
}

/** The select's data for the current language, made once per render of the form's language and saved zone. */
export function useTimeZoneOptions(first: ComboboxItem, saved: string | null) {
  const { t } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `first` is remade each render with the same content.
  return useMemo(() => timeZoneSelectData(first, saved, new Date(), t), [first.label, saved, t]);
}
