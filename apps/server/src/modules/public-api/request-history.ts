import type { ApiRequestType } from '@esign/shared';
import type { FastifyBaseLogger } from 'fastify';
import { insertRequests } from '../../data/api-keys.js';
import type { Db } from '../../platform/db/client.js';

export interface HistoryEntry {
  apiKeyId: string;
  type: ApiRequestType;
  origin: string;
  statusCode: number;
  durationMs: number;
  createdAt: Date;
}

/** Rows written at once; a fuller buffer is written at once too. */
const BATCH_ROWS = 200;
const FLUSH_EVERY_MS = 500;

/**
 * The request history's writer: each public call adds its row after the answer is sent, and the rows go to the
 * database in batches (one insert, one count update per key) off the calls' path. `flush` writes what is left (on
 * close, and in tests). The key itself is never part of a row.
 */
export function requestHistoryWriter(deps: { db: Db; log: FastifyBaseLogger; flushEveryMs?: number }) {
  let buffer: HistoryEntry[] = [];
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    const rows = buffer;
    buffer = [];
    writing = writing.then(async () => {
      if (rows.length === 0) return;
      try {
        await deps.db.transaction((tx) => insertRequests(tx, rows));
      } catch (error) {
        deps.log.error({ err: error, rows: rows.length }, 'request history not written');
      }
    });
    return writing;
  }

  return {
    add(entry: HistoryEntry) {
      buffer.push(entry);
      if (buffer.length >= BATCH_ROWS) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), deps.flushEveryMs ?? FLUSH_EVERY_MS);
        timer.unref();
      }
    },
    flush,
  };
}
export type RequestHistoryWriter = ReturnType<typeof requestHistoryWriter>;
