import { ActionIcon, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';

/** A list row's '⋯' menu (documents, templates, forms): its button names the row; `children` are its items. */
export function RowMenu({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('documents.actionsOf', { title })}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
