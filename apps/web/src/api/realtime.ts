import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
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

type SocketAuth = () => Record<string, string>;

/**
 * One socket.io connection on the API's port while the component is mounted (socket.io-client loaded on first
 * use): `auth` is read again on every (re)connection; a refused one is tried again after 5 s. `isLive` follows it.
 */
function useSocket(auth: SocketAuth | null, onEvent: (event: PushedEvent) => void, onConnect: () => void): void {
  const handlers = useRef({ onEvent, onConnect });
  handlers.current = { onEvent, onConnect };
  const isEnabled = auth !== null;
  const authRef = useRef(auth);
  authRef.current = auth;
  useEffect(() => {
    if (!isEnabled) return;
    let isClosed = false;
    let close = () => {};
    void import('socket.io-client').then(({ io }) => {
      if (isClosed) return;
      const socket = io({
        path: '/socket.io',
        transports: ['websocket', 'polling'],
        auth: (send) => send(authRef.current?.() ?? {}),
      });
      socket.on('connect', () => {
        setLive(true);
        handlers.current.onConnect();
      });
      socket.on('disconnect', () => setLive(false));
      socket.on('connect_error', () => {
        setLive(false);
        setTimeout(() => {
          if (!isClosed && !socket.connected) socket.connect();
        }, 5000);
      });
      socket.on('event', (event: PushedEvent) => handlers.current.onEvent(event));
      close = () => {
        socket.close();
        setLive(false);
      };
    });
    return () => {
      isClosed = true;
      close();
    };
  }, [isEnabled]);
}

/**
 * The logged-in app's socket: it joins the user's room with the current access token (read again on every
 * reconnect; a refused one, an expired token, is tried again with the token the API client has refreshed
 * meanwhile) and applies every pushed event. When it is down, the screens poll as before.
 */
export function useRealtimeUpdates(): void {
  const queryClient = useQueryClient();
  useSocket(
    () => ({ token: getAccessToken() ?? '' }),
    (event) => applyPushedEvent(queryClient, event),
    // Whatever happened while it was down.
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.documents.all() }),
  );
}

/**
 * A signer's page: the socket joins the document's room with the signing link's token, and `onEvent` hears the
 * document's events (their type only). No token, no socket: the page polls.
 */
export function useSignerRealtime(documentId: string, signerToken: string | null, onEvent: (type: string) => void) {
  useSocket(
    signerToken ? () => ({ signerToken, documentId }) : null,
    (event) => onEvent(event.type),
    () => onEvent('connected'),
  );
}
