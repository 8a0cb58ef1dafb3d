import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@esign/shared';
import { useTranslation } from './index';
import { chooseLanguage } from './page-language';
import './language-switcher.css';

/**
 * The small language select in the signer page's and the public form page's header: a native `<select>` (the
 * phone's own picker), not Mantine's, which would bring its input and combobox code into the signer page's first load.
 */
export function LanguageSwitcher() {
  const { t, language } = useTranslation();
  return (
    <select
      className="language-switcher"
      aria-label={t('common.language')}
      value={language}
      onChange={(event) => void chooseLanguage(event.currentTarget.value as Language)}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
