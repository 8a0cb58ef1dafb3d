import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/database.js';
import { waitFor } from '../../test/server-process.js';
import { type Database, openDatabase } from './db/client.js';
import { defineJob, JobQueue } from './jobs.js';

let database: Database;
let drop = async () => {};

beforeAll(async () => {
  const testDatabase = await createTestDatabase();
  drop = testDatabase.drop;
  database = await openDatabase({ databaseUrl: testDatabase.url, dataDir: '/nonexistent' });
});
afterAll(async () => {
  await database?.close();
  await drop();
});

describe('JobQueue', () => {
  it('runs a job, retries it after a failure, and validates payloads', async () => {
    const attempts: number[] = [];
    let resolveDone: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    const flaky = defineJob({
      name: 'test.flaky',
      payload: z.object({ n: z.number() }),
      retryLimit: 3,
      retryDelay: 1,
      async handler({ n }) {
        attempts.push(n);
        if (attempts.length === 1) throw new Error('first attempt fails');
        resolveDone();
      },
    });
    const queue = new JobQueue(database, pino({ level: 'silent' }));
    queue.register(flaky);
    await queue.start();
    expect(queue.runsHere(flaky)).toBe(false);
    await queue.startWorkers();
    expect(queue.runsHere(flaky)).toBe(true);
    try {
      await expect(queue.send(flaky, { n: 'x' } as never)).rejects.toThrow();
      await queue.send(flaky, { n: 7 });
      await done;
      expect(attempts).toEqual([7, 7]);
    } finally {
      await queue.stop();
    }
  });

  it('calls onFinalFailure once, after the last retry has failed too', async () => {
    let attempts = 0;
    let resolveFinal: (error: unknown) => void = () => {};
    const final = new Promise<unknown>((resolve) => {
      resolveFinal = resolve;
    });
    const broken = defineJob({
      name: 'test.broken',
      payload: z.object({}),
      retryLimit: 1,
      retryDelay: 1,
      async handler() {
        attempts += 1;
        throw new Error(`attempt ${attempts}`);
      },
      async onFinalFailure(_payload, error) {
        resolveFinal(error);
      },
    });
    const queue = new JobQueue(database, pino({ level: 'silent' }));
    queue.register(broken);
    await queue.start();
    await queue.startWorkers();
    try {
      await queue.send(broken, {});
      expect(String(await final)).toContain('attempt 2');
      expect(attempts).toBe(2);
    } finally {
      await queue.stop();
    }
  });

  it('queues jobs inside a transaction: none for a rolled-back change, one for a committed change', async () => {
    const ran: string[] = [];
    let resolveRan: () => void = () => {};
    const ranOnce = new Promise<void>((resolve) => {
      resolveRan = resolve;
    });
    const mail = defineJob({
      name: 'test.transactional',
      payload: z.object({ to: z.string() }),
      async handler({ to }) {
        ran.push(to);
        resolveRan();
      },
    });
    const queue = new JobQueue(database, pino({ level: 'silent' }));
    queue.register(mail);
    await queue.start();
    try {
      await expect(
        queue.transaction(database.db, async (tx, send) => {
          await tx.execute(sql`select 1`);
          await send(mail, { to: 'rolled-back' });
          throw new Error('the change fails after queueing');
        }),
      ).rejects.toThrow('the change fails after queueing');
      const answer = await queue.transaction(database.db, async (_tx, send) => {
        await send(mail, { to: 'committed' });
        return 'done';
      });
      expect(answer).toBe('done');

      // Both sends happened before any worker ran: only the committed one is there to pick up.
      await queue.startWorkers();
      await ranOnce;
      expect(ran).toEqual(['committed']);
      // Nothing else of its name waits to run: the rolled-back change left no job.
      const queued = (await database.db.execute(
        sql`select data->>'to' as "to" from pgboss.job where name = 'test.transactional'
            union all select data->>'to' from pgboss.archive where name = 'test.transactional'`,
      )) as unknown as { rows: { to: string }[] };
      expect(queued.rows).toEqual([{ to: 'committed' }]);
    } finally {
      await queue.stop();
    }
  });
});

describe('JobQueue expiry and recovery', () => {
  const silent = pino({ level: 'silent' });

  it("sets each queue's expiry from its definition, also for a queue an earlier version made", async () => {
    const definition = (expireInSeconds?: number) =>
      defineJob({
        name: 'test.expiry',
        payload: z.object({}),
        ...(expireInSeconds ? { expireInSeconds } : {}),
        async handler() {},
      });
    const expiries = async () => {
      const { rows } = (await database.db.execute(sql`
        select (select expire_seconds from pgboss.queue where name = 'test.expiry') as queue,
               (select extract(epoch from expire_in)::int from pgboss.job where name = 'test.expiry' limit 1) as job
      `)) as unknown as { rows: { queue: number; job: number | null }[] };
      return rows[0];
    };
    const earlier = new JobQueue(database, silent);
    earlier.register(definition());
    await earlier.start();
    await earlier.stop();
    // Without one of its own, a job expires after pg-boss's default of 15 minutes.
    expect(await expiries()).toEqual({ queue: 900, job: null });

    const later = new JobQueue(database, silent);
    later.register(definition(42));
    await later.start();
    try {
      await later.send(definition(42), {});
      expect(await expiries()).toEqual({ queue: 42, job: 42 });
    } finally {
      await later.stop();
    }
  });

  it('on the embedded database, retries at start the jobs a process left active, or fails them at their limit', async () => {
    // Its own in-memory PGlite: the recovery is what the embedded database does, with or without DATABASE_URL.
    const embedded = await openDatabase({ databaseUrl: 'memory://', dataDir: '/nonexistent' });
    const ran: string[] = [];
    const finalFailures: string[] = [];
    const definition = (name: string, retryLimit: number) =>
      defineJob({
        name,
        payload: z.object({ label: z.string() }),
        retryLimit,
        retryDelay: 600,
        async handler({ label }) {
          ran.push(label);
        },
        async onFinalFailure({ label }) {
          finalFailures.push(label);
        },
      });
    const retried = definition('test.cut-off', 3);
    const spent = definition('test.cut-off-last', 0);
    try {
      const before = new JobQueue(embedded, silent);
      before.register(retried, spent);
      await before.start();
      await before.send(retried, { label: 'retried' });
      await before.send(spent, { label: 'spent' });
      // What a worker's fetch leaves while the handler runs; then the process is gone.
      await embedded.db.execute(sql`update pgboss.job set state = 'active', started_on = now()`);
      await before.stop();

      const after = new JobQueue(embedded, silent);
      after.register(retried, spent);
      await after.start();
      expect(finalFailures).toEqual(['spent']);
      await after.startWorkers();
      try {
        // Due at once, not after its 10-minute retry delay.
        await waitFor('the retried job to run', () => ran.length > 0, 30_000);
        expect(ran).toEqual(['retried']);
      } finally {
        await after.stop();
      }
    } finally {
      await embedded.close();
    }
  });
});

describe('JobQueue.stop (a shutdown)', () => {
  /** A job that runs until its gate opens; `started` settles once it runs. */
  function gatedJob(name: string) {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let markStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    const state = { isFinished: false };
    const job = defineJob({
      name,
      payload: z.object({}),
      retryLimit: 2,
      async handler() {
        markStarted();
        await gate;
        state.isFinished = true;
      },
    });
    return { job, open, started, state };
  }

  const jobState = async (name: string) => {
    const result = (await database.db.execute(
      sql`select state from pgboss.job where name = ${name} order by created_on desc limit 1`,
    )) as unknown as { rows: { state: string }[] };
    return result.rows[0]?.state;
  };

  it('lets a running job finish before it resolves', async () => {
    const { job, open, started, state } = gatedJob('test.stop-finishes');
    const queue = new JobQueue(database, pino({ level: 'silent' }), 60_000);
    queue.register(job);
    await queue.start();
    await queue.startWorkers();
    await queue.send(job, {});
    await started;
    const stopped = queue.stop();
    open();
    await stopped;
    expect(state.isFinished).toBe(true);
    expect(await jobState(job.name)).toBe('completed');
  });

  it('leaves a job that outlasts its bound to be retried', async () => {
    const { job, open, started, state } = gatedJob('test.stop-bound');
    const queue = new JobQueue(database, pino({ level: 'silent' }), 1000);
    queue.register(job);
    await queue.start();
    await queue.startWorkers();
    await queue.send(job, {});
    await started;
    try {
      await queue.stop();
      expect(state.isFinished).toBe(false);
      expect(await jobState(job.name)).toBe('retry');
    } finally {
      open();
    }
  });
});
