import { AppShell, Burger, Group, Loader, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useRealtimeUpdates } from '../api/realtime';
import { FullPageLoader } from '../app/FullPageLoader';
import { useCurrentUser } from '../features/auth/api';
import { useTranslation } from '../i18n';
import { FreePlanCounter } from './FreePlanCounter';
import { HeaderMenu } from './HeaderMenu';
import { NavDrawer } from './NavDrawer';
import { NavLinks } from './NavLinks';
import { ProductName } from './ProductName';
import { UserMenu } from './UserMenu';

const HEADER_HEIGHT = 60;
const NAVBAR_WIDTH = 240;
/** Mantine's `sm` breakpoint (48em) is the spec's 768 px mobile breakpoint (MOBILE_BREAKPOINT_PX). */
const DESKTOP_FROM = 'sm';

/** Header, sidebar and footer around the logged-in pages; a drawer replaces the sidebar under 768 px. */
export function MainLayout() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  useRealtimeUpdates();
  // The logged-in routes render only once the user is loaded; this covers the moment of logout.
  if (user === undefined) return <FullPageLoader />;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: DESKTOP_FROM, collapsed: { mobile: true } }}
      footer={{ height: 48 }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isDrawerOpen}
              onClick={drawer.toggle}
              hiddenFrom={DESKTOP_FROM}
              size="sm"
              aria-label={t(isDrawerOpen ? 'nav.closeNavigation' : 'nav.openNavigation')}
            />
            <ProductName to="/sign" />
            <HeaderMenu />
          </Group>
          <UserMenu user={user} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" visibleFrom={DESKTOP_FROM} aria-label={t('nav.mainNavigation')}>
        {/* The links scroll when the window is too short for them; the counter stays at the bottom, above the footer. */}
        <AppShell.Section grow component={ScrollArea} type="auto" offsetScrollbars="y" mb="sm">
          <NavLinks />
        </AppShell.Section>
        <AppShell.Section>
          <FreePlanCounter user={user} />
        </AppShell.Section>
      </AppShell.Navbar>

      <NavDrawer isOpen={isDrawerOpen} onClose={drawer.close} user={user} />

      <AppShell.Main>
        {/* Pages load lazily: the shell stays while a page's code arrives. */}
        <Suspense fallback={<Loader m="xl" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>

      <AppShell.Footer px="md">
        <Group h="100%">
          <Text size="sm">{t('common.footer')}</Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
