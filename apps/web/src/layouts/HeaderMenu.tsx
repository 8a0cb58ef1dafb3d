import { useTranslation } from '../i18n';
import { ButtonNav } from './ButtonNav';
import { NAV_ENTRIES } from './navigation';

/** The header's menu of areas, shown from 768 px up. */
export function HeaderMenu() {
  const { t } = useTranslation();
  return <ButtonNav entries={NAV_ENTRIES} label={t('nav.headerNavigation')} ml="md" visibleFrom="sm" />;
}
