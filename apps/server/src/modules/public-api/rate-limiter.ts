import type { FastifyBaseLogger } from 'fastify';
import { addToRateWindows } from '../../data/public-api.js';
import type { Db } from '../../platform/db/client.js';

export const RATE_WINDOW_MS = 1000;
/** How often each node adds its calls to the shared windows and reads the other nodes' back. */
const SYNC_EVERY_MS = 100;

interface Window {
  start: number;
  /** Calls of this node not yet added to the shared row. */
  local: number;
  /** The shared row's count (every node's calls) at this node's last sync. */
  shared: number;
}

/** A window's count after this node's calls were added: every node's calls in it so far. */
export interface SharedWindow {
  keyId: string;
  start: number;
  count: number;
}

/** Where every API node adds its calls to a key's window and reads back everyone's. */
export interface RateWindowStore {
  add(rows: { keyId: string; start: number; n: number }[]): Promise<SharedWindow[]>;
}

/** The windows in `api_rate_windows` (PostgreSQL, or the embedded database): one statement per sync. */
export function databaseRateWindows(db: Db): RateWindowStore {
  return {
    async add(rows) {
      return addToRateWindows(db, rows);
    },
  };
}

/**
 * The per-key rate limit: a fixed one-second window per key, shared by every API node through a store (the
 * database's `api_rate_windows`, or Redis when REDIS_URL is set: rate-windows-redis.ts). A call is counted in this
 * node's memory at once (no write on the call's path); every 100 ms the node adds its calls to the shared windows
 * in one round trip and reads back every node's count. One node alone is exact; several may pass a key's limit
 * together by what they count between two syncs.
 */
export function keyRateLimiter(deps: { store: RateWindowStore; log: FastifyBaseLogger; syncEveryMs?: number }) {
  const windows = new Map<string, Window>();
  let timer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> = Promise.resolve();

  async function syncNow(): Promise<void> {
    timer = undefined;
    const pending = [...windows.entries()].filter(([, window]) => window.local > 0);
    if (pending.length === 0) return;
    const rows = pending.map(([keyId, window]) => ({ keyId, start: window.start, n: window.local }));
    for (const [, window] of pending) window.local = 0;
    try {
      for (const shared of await deps.store.add(rows)) {
        const window = windows.get(shared.keyId);
        if (window && window.start === shared.start) window.shared = shared.count;
      }
    } catch (error) {
      deps.log.error({ err: error }, 'rate windows not synced');
    }
    const oldest = Date.now() - 2 * RATE_WINDOW_MS;
    for (const [id, window] of windows) if (window.start < oldest && window.local === 0) windows.delete(id);
  }

  return {
    /** Counts one call of the key at `nowMs`: every node's calls in its window so far, this one included. */
    take(keyId: string, nowMs: number): { count: number; windowStart: number } {
      const start = nowMs - (nowMs % RATE_WINDOW_MS);
      let window = windows.get(keyId);
      if (!window || window.start !== start) {
        window = { start, local: 0, shared: 0 };
        windows.set(keyId, window);
      }
      window.local += 1;
      if (!timer) {
        timer = setTimeout(() => {
          syncing = syncing.then(syncNow);
        }, deps.syncEveryMs ?? SYNC_EVERY_MS);
        timer.unref();
      }
      return { count: window.shared + window.local, windowStart: start };
    },
    /** Waits for the sync under way (tests, close). */
    settled: () => syncing,
  };
}
export type KeyRateLimiter = ReturnType<typeof keyRateLimiter>;
