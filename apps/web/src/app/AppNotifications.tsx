import { useNotifications } from '@mantine/notifications';
import { useState } from 'react';
import { useIsOnline } from '../api/online';
import { lazyComponent } from './lazy-component';

const ToastStack = lazyComponent(async () => (await import('./ToastStack')).ToastStack);

/**
 * The toasts. Their component (with its transitions) loads when the first toast is shown, not with the first
 * screen; toasts shown before it arrives (or while offline, before it came) wait in the notifications store and
 * appear once it mounts.
 */
export function AppNotifications() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  const isOnline = useIsOnline();
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  // Offline, the stack's code cannot download (a failed download would stop the page): its toasts wait for it.
  if (!isOnline && !ToastStack.isLoaded()) return null;
  return isNeeded ? <ToastStack /> : null;
}
