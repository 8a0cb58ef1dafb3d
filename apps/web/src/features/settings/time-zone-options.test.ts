import type { ComboboxItem, ComboboxItemGroup } from '@mantine/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAppTexts, t } from '../../i18n';
import { timeZoneSelectData } from './time-zone-options';

beforeAll(loadAppTexts);

const device = { value: 'device', label: "Your device's time zone" };
const items = (data: (ComboboxItem | ComboboxItemGroup)[]) =>
  data.flatMap((entry) => ('group' in entry ? (entry.items as ComboboxItem[]) : [entry]));

describe('the time zone select', () => {
  it('offers the zones by name, grouped by region, with their offset on the day it opens', () => {
    const july = timeZoneSelectData(device, null, new Date('2027-07-15T12:00:00Z'), t);
    expect(july.slice(0, 2)).toEqual([device, { value: 'UTC', label: 'UTC+00:00' }]);
    const america = july.find((entry) => 'group' in entry && entry.group === 'America') as ComboboxItemGroup;
    expect(america.items).toContainEqual({ value: 'America/New_York', label: 'New York (UTC-04:00)' });
    const january = items(timeZoneSelectData(device, null, new Date('2027-01-15T12:00:00Z'), t));
    expect(january).toContainEqual({ value: 'America/New_York', label: 'New York (UTC-05:00)' });
    expect(january).toContainEqual({ value: 'Australia/Adelaide', label: 'Adelaide (UTC+10:30)' });
  });

  it('keeps a saved zone the browser does not list, such as the fixed zone an old offset became', () => {
    const data = timeZoneSelectData(device, 'Etc/GMT+5', new Date('2027-07-15T12:00:00Z'), t);
    expect(data[2]).toEqual({ value: 'Etc/GMT+5', label: 'UTC-05:00' });
    expect(items(data).filter((item) => item.value === 'Etc/GMT+5')).toHaveLength(1);
  });
});
