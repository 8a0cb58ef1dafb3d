import { Paper, Text } from '@mantine/core';
import { useIsOnline } from '../api/online';
import { useTranslation } from '../i18n';

/**
 * Shown on every page while the network is down: what the user does meanwhile waits (queries and mutations are
 * paused by TanStack Query) and is sent when the connection is back. Placed just under the app's header (over the
 * header's middle on pages without one, clear of its corners).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <Paper
      role="status"
      data-testid="offline-banner"
      shadow="md"
      radius="md"
      px="md"
      py={6}
      bg="dark.7"
      style={{
        position: 'fixed',
        // Under the app's header where there is one (its height is a variable of the page's root).
        top: 'calc(var(--app-shell-header-offset, 0rem) + 8px)',
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'max-content',
        maxWidth: 'calc(100% - 128px)',
        zIndex: 1000,
      }}
    >
      <Text size="sm" c="white" ta="center">
        {t('common.offline')}
      </Text>
    </Paper>
  );
}
