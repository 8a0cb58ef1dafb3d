import { Button, Group } from '@mantine/core';
import { NavLink } from 'react-router';
import { useTranslation } from '../i18n';
import { NAV_ENTRIES } from './navigation';

/** The header's menu of areas, shown from 768 px up. */
export function HeaderMenu() {
  const { t } = useTranslation();
  return (
    <Group component="nav" gap={4} ml="md" visibleFrom="sm" aria-label={t('nav.headerNavigation')}>
      {NAV_ENTRIES.map((entry) => (
        <NavLink key={entry.to} to={entry.to} style={{ textDecoration: 'none' }}>
          {({ isActive }) => (
            <Button component="span" variant={isActive ? 'light' : 'subtle'} size="sm">
              {t(entry.labelKey)}
            </Button>
          )}
        </NavLink>
      ))}
    </Group>
  );
}
