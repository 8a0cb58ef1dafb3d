import { Button, Group, type GroupProps } from '@mantine/core';
import { NavLink } from 'react-router';
import { useTranslation } from '../i18n';
import type { NavEntry } from './navigation';

/** A row of links drawn as buttons, the current one lit (the header's areas, the settings' sub-pages). */
export function ButtonNav({
  entries,
  label,
  ...groupProps
}: { entries: readonly NavEntry[]; label: string } & GroupProps) {
  const { t } = useTranslation();
  return (
    <Group component="nav" gap={4} aria-label={label} {...groupProps}>
      {entries.map((entry) => (
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
