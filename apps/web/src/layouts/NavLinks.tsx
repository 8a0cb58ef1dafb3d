import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { NavLink } from 'react-router';
import { useTranslation } from '../i18n';
import { NAV_ENTRIES } from './navigation';

/** The vertical navigation of the sidebar and the mobile drawer. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {NAV_ENTRIES.flatMap((entry) => [entry, ...(entry.children ?? [])]).map((entry) => (
        <NavLink key={entry.to} to={entry.to} end onClick={onNavigate} style={{ textDecoration: 'none' }}>
          {({ isActive }) => (
            <MantineNavLink
              component="span"
              label={t(entry.labelKey)}
              active={isActive}
              pl={NAV_ENTRIES.includes(entry) ? undefined : 'xl'}
            />
          )}
        </NavLink>
      ))}
    </Stack>
  );
}
