import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network: TanStack Query's onlineManager (the window's online and offline events). While
 * it is false, queries and mutations wait (paused, nothing lost) and run when it is back; the banner says so.
 */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}
