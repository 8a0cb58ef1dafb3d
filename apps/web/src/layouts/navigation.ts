import type { ParseKeys } from 'i18next';

export interface NavEntry {
  /** i18n key of the label. */
  labelKey: ParseKeys;
  to: string;
}

/**
 * The app's areas, shown in the header menu, the sidebar and the mobile drawer.
 * Only areas that exist are listed; a new area is one more entry here.
 */
export const NAV_ENTRIES: readonly NavEntry[] = [{ labelKey: 'nav.sign', to: '/sign' }];
