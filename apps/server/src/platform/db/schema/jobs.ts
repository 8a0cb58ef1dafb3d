import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The jobs a process is running right now, on PostgreSQL, where several processes share the queue: a row per job
 * while its handler runs, naming the process (its instance id, whose advisory lock it holds while it lives). A
 * job whose process no longer holds its lock was cut off by that process's end and is retried (platform/jobs.ts).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    jobId: uuid('job_id').primaryKey(),
    instanceId: uuid('instance_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('job_runs_instance_idx').on(table.instanceId)],
);
