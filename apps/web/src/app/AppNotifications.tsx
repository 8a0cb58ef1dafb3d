import { useNotifications } from '@mantine/notifications';
import { useState } from 'react';
import { lazyComponent } from './lazy-component';

const ToastStack = lazyComponent(async () => (await import('./ToastStack')).ToastStack);

/**
 * The toasts. Their component (with its transitions) loads when the first toast is shown, not with the first
 * screen; toasts shown before it arrives wait in the notifications store and appear once it mounts.
 */
export function AppNotifications() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  return isNeeded ? <ToastStack /> : null;
}
