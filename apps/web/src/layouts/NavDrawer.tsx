import type { User } from '@esign/shared';
import { Drawer, Stack } from '@mantine/core';
import { useTranslation } from '../i18n';
import { FreePlanCounter } from './FreePlanCounter';
import { NavLinks } from './NavLinks';

/** The mobile navigation: the sidebar's content in a drawer. */
export function NavDrawer({ isOpen, onClose, user }: { isOpen: boolean; onClose: () => void; user: User }) {
  const { t } = useTranslation();
  return (
    <Drawer.Root opened={isOpen} onClose={onClose} size={280}>
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's <header>: the page already has its banner landmark. */}
        <Drawer.Header component="div">
          <Drawer.Title>{t('common.productName')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('nav.closeNavigation')} />
        </Drawer.Header>
        <Drawer.Body>
          <Stack component="nav" aria-label={t('nav.mainNavigation')} gap="lg">
            <NavLinks onNavigate={onClose} />
            <FreePlanCounter user={user} />
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
