import type { TranslationKey } from '../i18n';

export interface NavEntry {
  /** i18n key of the label. */
  labelKey: TranslationKey;
  to: string;
  /** Entries shown under this one in the sidebar and the drawer. */
  children?: readonly NavEntry[];
}

/**
 * The app's areas, shown in the header menu, the sidebar and the mobile drawer.
 * Only areas that exist are listed; a new area is one more entry here.
 */
export const NAV_ENTRIES: readonly NavEntry[] = [
  {
    labelKey: 'nav.sign',
    to: '/sign',
    children: [
      { labelKey: 'sign.onlyMe', to: '/only-me' },
      { labelKey: 'sign.meAndOthers', to: '/me-and-others' },
      { labelKey: 'sign.onlyOthers', to: '/only-others' },
      { labelKey: 'bulkSend.nav', to: '/bulk-send' },
    ],
  },
  {
    labelKey: 'nav.documents',
    to: '/documents',
    children: [
      { labelKey: 'nav.completed', to: '/documents/completed' },
      { labelKey: 'nav.awaiting', to: '/documents/awaiting' },
      { labelKey: 'nav.draft', to: '/documents/draft' },
    ],
  },
  {
    labelKey: 'nav.templates',
    to: '/templates',
    children: [
      { labelKey: 'nav.createTemplate', to: '/templates/create' },
      { labelKey: 'nav.templatesView', to: '/templates' },
    ],
  },
  {
    labelKey: 'nav.forms',
    to: '/form-requests',
    children: [
      { labelKey: 'nav.formsLive', to: '/form-requests/active' },
      { labelKey: 'nav.formsDraft', to: '/form-requests/draft' },
    ],
  },
  { labelKey: 'nav.team', to: '/team' },
];
