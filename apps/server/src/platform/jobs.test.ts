import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from './db/client.js';
import { defineJob, JobQueue } from './jobs.js';

let database: Database;
let dropDatabase = async () => {};

beforeAll(async () => {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    database = await openDatabase({ databaseUrl: 'memory://', dataDir: '/nonexistent' });
    return;
  }
  const name = `test_jobs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent' });
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
});
afterAll(async () => {
  await database?.close();
  await dropDatabase();
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
    await queue.startWorkers();
    try {
      await expect(queue.send(flaky, { n: 'x' } as never)).rejects.toThrow();
      await queue.send(flaky, { n: 7 });
      await done;
      expect(attempts).toEqual([7, 7]);
    } finally {
      await queue.stop();
    }
  });
});
