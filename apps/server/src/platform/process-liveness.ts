import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The class (first key) of the liveness locks; the application's own advisory locks use single keys. */
const LIVENESS_LOCK_CLASS = 0x65_53_69_67;

/**
 * Tells, on PostgreSQL, whether a process that shares the database is still alive. Each process holds a
 * session-level advisory lock named by its instance id on a connection of its own for as long as it lives; the
 * database releases it when that connection ends, however the process ended (SIGKILL, a crash, a lost machine).
 * A lock another session can take is the lock of a process that has ended.
 */
export class ProcessLiveness {
  /** This process's id, written beside each job it runs. */
  instanceId = randomUUID();
  private connection: pg.Client | undefined;

  constructor(private readonly connectionString: string) {}

  /** Takes this process's lock; a new id is drawn in the unlikely case that its hash is taken. */
  async start(): Promise<void> {
    const connection = new pg.Client({ connectionString: this.connectionString });
    // A dropped connection ends the lock too; the next check then takes this process for ended, which only retries
    // its jobs sooner (their handlers are safe to run again).
    connection.on('error', () => {});
    await connection.connect();
    this.connection = connection;
    for (;;) {
      const { rows } = await connection.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as locked',
        [LIVENESS_LOCK_CLASS, this.instanceId],
      );
      if (rows[0]?.locked) return;
      this.instanceId = randomUUID();
    }
  }

  /** The ids among `instanceIds` whose process has ended (their lock is free). */
  async ended(instanceIds: string[]): Promise<string[]> {
    const connection = this.connection;
    if (!connection) throw new Error('ProcessLiveness is not started');
    const ended: string[] = [];
    for (const id of new Set(instanceIds)) {
      if (id === this.instanceId) continue;
      const { rows } = await connection.query<{ free: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as free',
        [LIVENESS_LOCK_CLASS, id],
      );
      if (!rows[0]?.free) continue;
      await connection.query('select pg_advisory_unlock($1, hashtext($2))', [LIVENESS_LOCK_CLASS, id]);
      ended.push(id);
    }
    return ended;
  }

  async stop(): Promise<void> {
    await this.connection?.end().catch(() => {});
    this.connection = undefined;
  }
}
