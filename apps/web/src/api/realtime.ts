import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { queryKeys } from './query-keys';
import { getAccessToken } from './tokens';

/** What the server pushes on every committed change of one of the user's documents (socket message `event`). */
interface PushedEvent {
  type: string;
  documentId: string | null;
}

/** The socket is live: pushed events keep the document screens current, and their polling only backs it up. */
let isLive = false;
const listeners = new Set<() => void>();
function setLive(next: boolean) {
  if (isLive === next) return;
  isLive = next;
  for (const listener of listeners) listener();
}

export function useIsRealtimeLive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isLive,
  );
}

/** How often a screen polls: `interval` without a live socket, a slow safety net with one. */
export function pollingInterval(interval: number, isRealtimeLive: boolean): number {
  return isRealtimeLive ? Math.max(interval, 15_000) : interval;
}

/** A pushed event refreshes the lists and that document's screens (details, activity, conversion, sent modal). */
export function applyPushedEvent(queryClient: QueryClient, event: PushedEvent): void {
  void queryClient.invalidateQueries({ queryKey: [...queryKeys.documents.all(), 'list'] });
  if (event.documentId)
    void queryClient.invalidateQueries({ queryKey: [...queryKeys.documents.all(), event.documentId] });
}

/**
 * The logged-in app's socket (socket.io on the API's port, loaded on first use): it joins the user's room with the
 * current access token (read again on every reconnect) and applies every pushed event. When it is down, the
 * screens poll as before.
 */
export function useRealtimeUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let isClosed = false;
    let close = () => {};
    void import('socket.io-client').then(({ io }) => {
      if (isClosed) return;
      const socket = io({
        path: '/socket.io',
        transports: ['websocket', 'polling'],
        auth: (send) => send({ token: getAccessToken() ?? '' }),
      });
      socket.on('connect', () => {
        setLive(true);
        // Whatever happened while it was down.
        void queryClient.invalidateQueries({ queryKey: queryKeys.documents.all() });
      });
      socket.on('disconnect', () => setLive(false));
      // Refused (an expired token): try again later with the token the API client has refreshed meanwhile.
      socket.on('connect_error', () => {
        setLive(false);
        setTimeout(() => {
          if (!isClosed && !socket.connected) socket.connect();
        }, 5000);
      });
      socket.on('event', (event: PushedEvent) => applyPushedEvent(queryClient, event));
      close = () => {
        socket.close();
        setLive(false);
      };
    });
    return () => {
      isClosed = true;
      close();
    };
  }, [queryClient]);
}
