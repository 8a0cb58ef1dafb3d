import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/database.js';
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
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(ran).toEqual(['committed']);
    } finally {
      await queue.stop();
    }
  });
});
