import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, Db, SqlExecutor } from './db/client.js';
import { ProcessLiveness } from './process-liveness.js';

/** A job is a name, a payload schema and a handler. Handlers must be safe to run again after a failure. */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  payload: Schema;
  retryLimit?: number;
  /** Seconds before the first retry; later retries back off exponentially. */
  retryDelay?: number;
  /**
   * Seconds one run may take (default: pg-boss's 15 minutes). A job still active after that is taken for lost
   * (its process died) and retried, so it must exceed the longest legitimate run: pg-boss also gives up waiting
   * on a run that outlasts it and retries the job while that run goes on.
   */
  expireInSeconds?: number;
  /**
   * Jobs of this name one process runs at once (default 1): for many short jobs that mostly wait on the database
   * or the mail server (a bulk send's invitations), each worker taking the next job as soon as it is free.
   */
  concurrency?: number;
  /**
   * A string property of the payload (an account's id, say) whose values take turns: each value's k-th waiting job
   * runs in the k-th round, so one value's many jobs hold another's for at most one job per round (see fairPriority).
   */
  fairBy?: string;
  handler: (payload: z.infer<Schema>) => Promise<void>;
  /** Runs once when the last retry has failed too, so nothing is left waiting forever. */
  onFinalFailure?: (payload: z.infer<Schema>, error: unknown) => Promise<void>;
}

/** pg-boss's own default expiry, set explicitly so that every queue's row says what applies. */
const DEFAULT_EXPIRE_SECONDS = 15 * 60;

/**
 * How often pg-boss looks for expired jobs (with its archiving; one process does it per interval, across all
 * processes). A job whose process died is retried at most this long after its expiry (pg-boss's default: 2 min).
 */
const MAINTENANCE_INTERVAL_SECONDS = 20;

export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema> {
  return definition;
}

export interface SendOptions {
  /** With `singletonMinutes`: at most one job per key in that window (a repeated request in it is dropped). */
  singletonKey?: string;
  singletonMinutes?: number;
  /** Not before this many seconds from now (work that can wait behind a batch run, say). */
  startAfter?: number;
}

/** Queues a job inside the transaction it was handed with (see JobQueue.transaction). */
export type QueueInTransaction = (<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
  payload: z.input<Schema>,
  options?: SendOptions,
) => Promise<void>) & {
  /**
   * Many jobs of one definition in one statement (JobQueue.transaction's queue has it; without it, call the queue
   * once per payload). No options: each job takes its queue's settings.
   */
  many?: <Schema extends z.ZodType>(definition: JobDefinition<Schema>, payloads: z.input<Schema>[]) => Promise<void>;
};

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
  private readonly workerIds = new Map<string, string[]>();
  private started = false;
  /** On PostgreSQL: which processes sharing the queue are alive (see retryJobsOfEndedProcesses). */
  private readonly liveness: ProcessLiveness | undefined;
  private sweep: NodeJS.Timeout | undefined;
  /** Told of every run's end (the metrics). */
  private observer: ((job: string, outcome: 'completed' | 'failed', seconds: number) => void) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    /** How long `stop` waits for running jobs before it leaves them to be retried. */
    private readonly stopTimeoutMs = 5000,
  ) {
    this.boss = new PgBoss({
      ...database.queueConnection,
      schema: 'pgboss',
      // Finished jobs (whose payloads may name people) are archived soon and deleted after a day.
      archiveCompletedAfterSeconds: 60,
      deleteAfterSeconds: 24 * 60 * 60,
      maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    const connection = database.queueConnection;
    if ('connectionString' in connection) this.liveness = new ProcessLiveness(connection.connectionString);
  }

  observe(observer: (job: string, outcome: 'completed' | 'failed', seconds: number) => void): void {
    this.observer = observer;
  }

  /** Per queue: the jobs waiting (created or to retry) and the age of the oldest, in seconds (the metrics). */
  async waitingStats(): Promise<{ name: string; waiting: number; oldestSeconds: number }[]> {
    const rows = await this.queueRows(
      sql`select name, count(*)::int as waiting,
            coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as "oldestSeconds"
          from pgboss.job where state in ('created', 'retry') group by name`,
    );
    return rows.map((row) => ({
      name: String(row.name),
      waiting: Number(row.waiting),
      oldestSeconds: Number(row.oldestSeconds),
    }));
  }

  register(...definitions: JobDefinition[]): void {
    for (const definition of definitions) this.definitions.set(definition.name, definition);
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const definition of this.definitions.values()) {
      // Set on the queue, so they apply to every job sent to it.
      const settings = {
        name: definition.name,
        retryLimit: definition.retryLimit ?? 5,
        retryDelay: definition.retryDelay ?? 5,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      };
      await this.boss.createQueue(definition.name, settings);
      // createQueue leaves a queue that exists as it was: the definition's settings replace an earlier version's.
      await this.boss.updateQueue(definition.name, settings);
    }
    if (this.liveness) {
      // Other processes may be running jobs right now: only the jobs of those that have ended are retried, at start
      // and then at every maintenance interval (a process that ends while others go on). Expiry stays the last
      // resort (a run that hangs in a living process).
      await this.liveness.start();
      await this.retryJobsOfEndedProcesses();
      this.sweep = setInterval(() => {
        this.retryJobsOfEndedProcesses().catch((error) => this.log.warn({ err: error }, 'job sweep failed'));
      }, MAINTENANCE_INTERVAL_SECONDS * 1000);
      this.sweep.unref();
    } else {
      await this.retryJobsOfEndedProcess();
    }
    this.started = true;
  }

  /**
   * The embedded database belongs to one process, so a job still `active` when the queue starts was taken by a
   * process that has ended (killed, crashed, out of memory) before finishing it. Instead of waiting for its
   * expiry, it is failed now through pg-boss, which counts the attempt and retries it (or fails it for good at its
   * retry limit: a job that takes its process down every time does not run forever), and its retry is due at once.
   * pg-boss lists no jobs by state and has no call to move a retry's time, hence the two statements on its table.
   */
  private async retryJobsOfEndedProcess(): Promise<void> {
    const active = (await this.queueRows(sql`select name, id from pgboss.job where state = 'active'`)) as {
      name: string;
      id: string;
    }[];
    await this.retryCutOff(active);
  }

  /**
   * On PostgreSQL several processes share the queue. Each runs its jobs with a row in `job_runs` naming it, and holds
   * a lock for as long as it lives (ProcessLiveness): the active jobs of a process whose lock is free were cut off by
   * its end, and are retried at once as on the embedded database. Rows whose job is no longer active are cleared.
   */
  private async retryJobsOfEndedProcesses(): Promise<void> {
    if (!this.liveness) return;
    const running = (await this.queueRows(
      sql`select r.job_id as id, j.name, r.instance_id as "instanceId" from job_runs r
          join pgboss.job j on j.id = r.job_id and j.state = 'active'`,
    )) as { id: string; name: string; instanceId: string }[];
    const ended = new Set(await this.liveness.ended(running.map((run) => run.instanceId)));
    const cutOff = running.filter((run) => ended.has(run.instanceId));
    await this.retryCutOff(cutOff);
    if (cutOff.length > 0)
      await this.queueRows(sql`delete from job_runs where job_id in ${cutOff.map((run) => run.id)}`);
    await this.queueRows(
      sql`delete from job_runs r where r.created_at < now() - interval '1 minute'
          and not exists (select 1 from pgboss.job j where j.id = r.job_id and j.state = 'active')`,
    );
  }

  /**
   * Jobs cut off by the end of their process are failed now through pg-boss, which counts the attempt and retries
   * them (or fails them for good at their retry limit), and their retry is due at once.
   */
  private async retryCutOff(active: { name: string; id: string }[]): Promise<void> {
    if (active.length === 0) return;
    for (const { name, id } of active) {
      await this.boss.fail(name, id, { message: 'the process running this job ended before it finished' });
    }
    const ids = active.map((job) => job.id);
    const retried = await this.queueRows(
      sql`update pgboss.job set start_after = now() where id in ${ids} and state = 'retry' returning id`,
    );
    const failed = (await this.queueRows(
      sql`select name, data from pgboss.job where id in ${ids} and state = 'failed'`,
    )) as { name: string; data: unknown }[];
    this.log.warn({ retried: retried.length, failed: failed.length }, 'jobs cut off by the end of a process');
    for (const { name, data } of failed) {
      const definition = this.definitions.get(name);
      const payload = definition?.payload.safeParse(data);
      if (payload?.success) {
        await definition?.onFinalFailure?.(payload.data, new Error('the process running this job ended'));
      }
    }
  }

  /**
   * Which of `values` a job of these definitions waiting, retrying or running carries as its payload's `key`: a
   * sweep queues again only what has no live job (pg-boss has no call that lists jobs by their payload).
   */
  async withLiveJobs(definitions: JobDefinition[], key: string, values: string[]): Promise<Set<string>> {
    if (values.length === 0) return new Set();
    const names = definitions.map((definition) => definition.name);
    const rows = await this.queueRows(
      sql`select distinct data->>${key} as value from pgboss.job
          where name in ${names} and state < 'completed' and data->>${key} in ${values}`,
    );
    return new Set(rows.map((row) => String(row.value)));
  }

  private async queueRows(query: SQL): Promise<Record<string, unknown>[]> {
    const result = (await this.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  }

  /** Starts a worker for every registered job in this process. */
  async startWorkers(): Promise<void> {
    for (const definition of this.definitions.values()) {
      const ids: string[] = [];
      for (let worker = 0; worker < (definition.concurrency ?? 1); worker++) ids.push(await this.work(definition));
      this.workerIds.set(definition.name, ids);
    }
  }

  /** One worker of the job: pg-boss fetches its jobs one at a time and runs them through the definition. */
  private async work(definition: JobDefinition): Promise<string> {
    let workerId: string | undefined;
    workerId = await this.boss.work<object>(
      definition.name,
      { pollingIntervalSeconds: 2, batchSize: 1, includeMetadata: true },
      async (jobs) => {
        for (const job of jobs) {
          const payload = definition.payload.parse(job.data);
          await this.recordRun(job.id);
          const startedAt = performance.now();
          try {
            await definition.handler(payload);
            this.observer?.(definition.name, 'completed', (performance.now() - startedAt) / 1000);
          } catch (error) {
            this.observer?.(definition.name, 'failed', (performance.now() - startedAt) / 1000);
            const isFinal = job.retryCount >= job.retryLimit;
            this.log.warn(
              { err: error, job: definition.name, jobId: job.id, retry: job.retryCount },
              isFinal ? 'job failed for the last time' : 'job failed; it will be retried',
            );
            if (isFinal) await definition.onFinalFailure?.(payload, error);
            throw error;
          } finally {
            await this.forgetRun(job.id);
            // pg-boss waits its polling interval after every fetch, even one that found a job: a queue of many
            // jobs (a bulk send's invitations) would take one per 2 s. Woken, this worker fetches the next at once
            // (the others of the name were woken when the jobs were queued).
            if (workerId) this.boss.notifyWorker(workerId);
          }
        }
      },
    );
    return workerId;
  }

  /** On PostgreSQL, the job runs in this process (see retryJobsOfEndedProcesses). */
  private async recordRun(jobId: string): Promise<void> {
    if (!this.liveness) return;
    await this.queueRows(
      sql`insert into job_runs (job_id, instance_id) values (${jobId}, ${this.liveness.instanceId})
          on conflict (job_id) do update set instance_id = excluded.instance_id, created_at = now()`,
    );
  }

  private async forgetRun(jobId: string): Promise<void> {
    if (!this.liveness) return;
    await this.queueRows(sql`delete from job_runs where job_id = ${jobId}`).catch(() => {});
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
    const result = await db.transaction((tx) => {
      const queue: QueueInTransaction = async (definition, payload, options = {}) => {
        await this.insert(definition, payload, { ...options, db: transactionExecutor(tx) });
        queued.add(definition.name);
      };
      queue.many = async (definition, payloads) => {
        if (payloads.length === 0) return;
        if (!this.started) throw new Error('The job queue is not started');
        if (definition.fairBy) throw new Error('A fair queue takes its jobs one at a time');
        const jobs = payloads.map((payload) => ({
          name: definition.name,
          data: definition.payload.parse(payload) as object,
        }));
        await this.boss.insert(jobs, { db: transactionExecutor(tx) });
        queued.add(definition.name);
      };
      return work(tx, queue);
    });
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
    const { startAfter, ...rest } = options;
    // As a time (pg-boss reads a number of seconds in a way its SQL through a transaction does not take).
    const start =
      startAfter === undefined ? {} : { startAfter: new Date(Date.now() + startAfter * 1000).toISOString() };
    const priority = definition.fairBy
      ? { priority: await this.fairPriority(definition.name, definition.fairBy, data, options.db) }
      : {};
    await this.boss.send(definition.name, data, { ...rest, ...start, ...priority });
  }

  /**
   * Round-robin by pg-boss's priority (higher runs first; equal ones in the order sent). A job's priority is its
   * round, counted downwards: one below its key's last waiting or running job, or, when the key has none, the round
   * now at the head of the queue (the highest priority waiting or running), so it runs after the jobs of that round
   * sent before it, at most one per other key. A key's jobs thus alternate with every other key's, whatever the
   * order they were sent in; an empty queue starts again at round 0.
   */
  private async fairPriority(name: string, key: string, data: object, tx?: SqlExecutor): Promise<number> {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value !== 'string') return 0;
    const executor = tx ?? transactionExecutor(this.database.db);
    const { rows } = await executor.executeSql(
      `select
         (select max(priority) from pgboss.job where name = $1 and state < 'completed') as head,
         (select min(priority) from pgboss.job where name = $1 and state < 'completed' and data->>$2 = $3) as last`,
      [name, key, value],
    );
    const row = rows[0] as { head: number | null; last: number | null } | undefined;
    if (row?.last !== null && row?.last !== undefined) return Number(row.last) - 1;
    return Number(row?.head ?? 0);
  }

  /** A worker in this process picks the job up at once instead of at its next poll. */
  private wake(name: string): void {
    for (const workerId of this.workerIds.get(name) ?? []) this.boss.notifyWorker(workerId);
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

  /** Throws unless the queue is started and its tables answer (the readiness check). */
  async check(): Promise<void> {
    if (!this.started) throw new Error('The job queue is not started');
    await this.queueRows(sql`select 1 from pgboss.version`);
  }

  /** Removes a schedule (of a job an earlier version had); nothing when there is none. */
  async unschedule(name: string): Promise<void> {
    if (!this.started) throw new Error('The job queue is not started');
    await this.boss.unschedule(name);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    clearInterval(this.sweep);
    await this.boss.stop({ graceful: true, wait: true, timeout: this.stopTimeoutMs });
    await this.liveness?.stop();
  }
}
