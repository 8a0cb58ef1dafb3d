import type { FastifyBaseLogger } from 'fastify';
import { claimUndispatchedEvents, type EventRow, hasUndispatchedEvents } from '../../data/events.js';
import type { Db } from '../../platform/db/client.js';
import type { JobQueue, QueueInTransaction } from '../../platform/jobs.js';

/** Events one dispatch claims at most. */
const BATCH = 200;
/** The transaction-level advisory lock that lets one dispatcher run at a time across processes. */
const DISPATCH_LOCK = 0x65766e74;

export interface DispatcherDeps {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** In the claim's transaction: what must exist exactly once per event (the webhooks' deliveries and jobs). */
  deliver: (tx: Db, queue: QueueInTransaction, claimed: EventRow[]) => Promise<void>;
  /** After the claim committed: what may be missed when the process dies right then (the realtime pushes). */
  publish: (claimed: EventRow[]) => void;
  pollMs: number;
}

/**
 * Reads the outbox: claims undispatched events in commit order, creates their deliveries in the same
 * transaction (so each event is handed on exactly once, whichever process claims it, and none is lost to a
 * crash), then pushes them to open browsers. It runs where the job workers run and looks every `pollMs`.
 */
export function eventDispatcher(deps: DispatcherDeps) {
  const { db } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = true;

  async function dispatchOnce(): Promise<number> {
    if (!(await hasUndispatchedEvents(db))) return 0;
    const claimed = await deps.jobs.transaction(db, async (tx, queue) => {
      const rows = await claimUndispatchedEvents(tx, { lock: DISPATCH_LOCK, batch: BATCH });
      if (rows.length === 0) return [];
      await deps.deliver(tx, queue, rows);
      return rows;
    });
    if (claimed.length > 0) deps.publish(claimed);
    return claimed.length;
  }

  async function tick() {
    try {
      while (!isStopped && (await dispatchOnce()) === BATCH) {
        // A full batch: more are waiting.
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'event dispatch failed; it is tried again');
    }
  }

  function schedule() {
    if (isStopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        schedule();
      });
    }, deps.pollMs);
  }

  return {
    dispatchOnce,
    start() {
      if (!isStopped) return;
      isStopped = false;
      schedule();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
export type EventDispatcher = ReturnType<typeof eventDispatcher>;
