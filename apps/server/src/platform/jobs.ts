import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, Db, SqlExecutor } from './db/client.js';

/** A job is a name, a payload schema and a handler. Handlers must be safe to run again after a failure. */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  payload: Schema;
  retryLimit?: number;
  /** Seconds before the first retry; later retries back off exponentially. */
  retryDelay?: number;
  handler: (payload: z.infer<Schema>) => Promise<void>;
  /** Runs once when the last retry has failed too, so nothing is left waiting forever. */
  onFinalFailure?: (payload: z.infer<Schema>, error: unknown) => Promise<void>;
}

export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema> {
  return definition;
}

export interface SendOptions {
  /** With `singletonMinutes`: at most one job per key in that window (a repeated request in it is dropped). */
  singletonKey?: string;
  singletonMinutes?: number;
}

/** Queues a job inside the transaction it was handed with (see JobQueue.transaction). */
export type QueueInTransaction = <Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
  payload: z.input<Schema>,
  options?: SendOptions,
) => Promise<void>;

/** pg-boss's SQL ($1, $2, ...) run through a drizzle transaction, so its rows commit or roll back with it. */
function transactionExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const pieces = text.split(/\$(\d+)/);
      const chunks: SQL[] = pieces.map((piece, index) =>
        index % 2 === 0 ? sql.raw(piece) : sql`${sql.param(values[Number(piece) - 1])}`,
      );
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * The one durable job queue: pg-boss on the application's own database (PGlite or PostgreSQL).
 * A job sent here survives a crash; a failed job is retried with exponential back-off.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly workerIds = new Map<string, string>();
  private started = false;

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.boss = new PgBoss({
      ...database.queueConnection,
      schema: 'pgboss',
      // Finished jobs (whose payloads may name people) are archived soon and deleted after a day.
      archiveCompletedAfterSeconds: 60,
      deleteAfterSeconds: 24 * 60 * 60,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  register(...definitions: JobDefinition[]): void {
    for (const definition of definitions) this.definitions.set(definition.name, definition);
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const definition of this.definitions.values()) {
      await this.boss.createQueue(definition.name, {
        name: definition.name,
        retryLimit: definition.retryLimit ?? 5,
        retryDelay: definition.retryDelay ?? 5,
        retryBackoff: true,
      });
    }
    this.started = true;
  }

  /** Starts a worker for every registered job in this process. */
  async startWorkers(): Promise<void> {
    for (const definition of this.definitions.values()) {
      const workerId = await this.boss.work<object>(
        definition.name,
        { pollingIntervalSeconds: 2, batchSize: 1, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) {
            const payload = definition.payload.parse(job.data);
            try {
              await definition.handler(payload);
            } catch (error) {
              const isFinal = job.retryCount >= job.retryLimit;
              this.log.warn(
                { err: error, job: definition.name, jobId: job.id, retry: job.retryCount },
                isFinal ? 'job failed for the last time' : 'job failed; it will be retried',
              );
              if (isFinal) await definition.onFinalFailure?.(payload, error);
              throw error;
            }
          }
        },
      );
      this.workerIds.set(definition.name, workerId);
    }
  }

  /** True when a worker of this process runs the job. */
  runsHere(definition: JobDefinition): boolean {
    return this.workerIds.has(definition.name);
  }

  /** Queues a job on its own (for work whose change is already committed, or that has none). */
  async send<Schema extends z.ZodType>(
    definition: JobDefinition<Schema>,
    payload: z.input<Schema>,
    options: SendOptions = {},
  ): Promise<void> {
    await this.insert(definition, payload, options);
    this.wake(definition.name);
  }

  /**
   * Runs `work` in one database transaction; the jobs it queues through `queue` are rows of that transaction:
   * they exist exactly when its change commits (no mail is lost to a crash between a commit and the queueing, and
   * none goes out for a change rolled back). This process's workers are woken once it has committed.
   */
  async transaction<T>(db: Db, work: (tx: Db, queue: QueueInTransaction) => Promise<T>): Promise<T> {
    const queued = new Set<string>();
    const result = await db.transaction((tx) =>
      work(tx, async (definition, payload, options = {}) => {
        await this.insert(definition, payload, { ...options, db: transactionExecutor(tx) });
        queued.add(definition.name);
      }),
    );
    for (const name of queued) this.wake(name);
    return result;
  }

  private async insert<Schema extends z.ZodType>(
    definition: JobDefinition<Schema>,
    payload: z.input<Schema>,
    options: SendOptions & { db?: SqlExecutor },
  ): Promise<void> {
    if (!this.started) throw new Error('The job queue is not started');
    const data = definition.payload.parse(payload) as object;
    await this.boss.send(definition.name, data, options);
  }

  /** A worker in this process picks the job up at once instead of at its next poll. */
  private wake(name: string): void {
    const workerId = this.workerIds.get(name);
    if (workerId) this.boss.notifyWorker(workerId);
  }

  /** Runs a registered job on a cron schedule, kept in the database: one run per slot across all processes. */
  async schedule<Schema extends z.ZodType>(
    definition: JobDefinition<Schema>,
    cron: string,
    payload: z.input<Schema>,
  ): Promise<void> {
    if (!this.started) throw new Error('The job queue is not started');
    await this.boss.schedule(definition.name, cron, definition.payload.parse(payload) as object);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
