import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@esign/shared';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from './index';
import { chooseLanguage } from './page-language';

const OPTIONS = LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));

/** The small language select in the signer page's and the public form page's header. */
export function LanguageSwitcher() {
  const { t, language } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      w={112}
      aria-label={t('common.language')}
      data={OPTIONS}
      value={language}
      onChange={(event) => void chooseLanguage(event.currentTarget.value as Language)}
    />
  );
}
