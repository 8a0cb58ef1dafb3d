import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { deleteIdleRateWindows, deletePruneBatch, PRUNE_TARGETS, type PruneWindow } from '../../data/pruning.js';
import type { PruningWindows } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';

/** Every hour (the Idempotency-Keys' sweep, generalised: it ran at this minute). */
export const PRUNE_CRON = '17 * * * *';

/** The schedule the prune replaced: removed at start so its slot does not queue jobs no worker takes. */
export const RETIRED_SCHEDULES = ['public-api.idempotency-sweep'];

/** Rows one statement deletes: a batch holds its row locks for milliseconds. */
export const PRUNE_BATCH_ROWS = 2000;
/** The pause between batches, so the requests beside it get the database between two of them. */
const PAUSE_BETWEEN_BATCHES_MS = 5;
/** One run stops after this long (below the job's expiry); the next hour's run goes on where it stopped. */
const RUN_BUDGET_MS = 10 * 60 * 1000;

function windowMs(windows: PruningWindows, window: PruneWindow): number {
  const day = 24 * 60 * 60 * 1000;
  switch (window) {
    case 'events':
      return windows.eventsDays * day;
    case 'apiRequests':
      return windows.apiRequestsDays * day;
    case 'outbox':
      return windows.outboxDays * day;
    case 'sessions':
      return windows.sessionsDays * day;
    case 'idempotency':
      return windows.idempotencyHours * 60 * 60 * 1000;
  }
}

/**
 * The hourly prune of operational rows past their window (config.pruning; 0 keeps a kind of row): in batches of
 * PRUNE_BATCH_ROWS, each its own short statement, with a pause between them.
 */
export function pruningJobs(deps: {
  db: Db;
  now: () => Date;
  windows: PruningWindows;
  log: FastifyBaseLogger;
  batchRows?: number;
}) {
  const batchRows = deps.batchRows ?? PRUNE_BATCH_ROWS;

  /** Answers the rows removed per table. */
  async function prune(): Promise<Record<string, number>> {
    const started = Date.now();
    const now = deps.now();
    const removed: Record<string, number> = {};
    for (const target of PRUNE_TARGETS) {
      const keepMs = windowMs(deps.windows, target.window);
      if (keepMs === 0) continue;
      const before = new Date(now.getTime() - keepMs);
      let total = 0;
      for (;;) {
        const n = await deletePruneBatch(deps.db, target, before, batchRows);
        total += n;
        if (n < batchRows || Date.now() - started > RUN_BUDGET_MS) break;
        await sleep(PAUSE_BETWEEN_BATCHES_MS);
      }
      if (total > 0) removed[target.name] = total;
    }
    await deleteIdleRateWindows(deps.db, now.getTime() - 60_000);
    if (Object.keys(removed).length > 0) deps.log.info({ removed }, 'pruned operational rows');
    return removed;
  }

  const pruneOperationalRows = defineJob({
    name: 'pruning.prune',
    payload: z.object({}),
    retryLimit: 1,
    expireInSeconds: 15 * 60,
    async handler() {
      await prune();
    },
  });
  return { pruneOperationalRows, prune };
}
