import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

export const DEFAULT_NAMESPACE = 'translation';

void i18n.use(initReactI18next).init({
  resources: { en: { [DEFAULT_NAMESPACE]: en } },
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: DEFAULT_NAMESPACE,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
