import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../platform/jobs.js';
import type { GaugeSource } from '../platform/metrics.js';
import type { OfficeConverter } from '../platform/office/office-converter.js';

/** What a module gives the application. Every part is optional. */
export interface AppModule {
  name: string;
  /** Registered with the one job queue; run by this process's workers (RUN_WORKERS) or by `npm run worker`. */
  jobs?: JobDefinition[];
  /** Recurring runs of its jobs, kept in the database (one run per slot across processes). */
  schedules?: { job: JobDefinition; cron: string; payload: object }[];
  /** Its routes, registered under /api/v1 (each module in its own Fastify scope). */
  routes?: (api: FastifyInstance) => PromiseLike<unknown>;
  /** Its routes of the public API, registered under /api/public/v1 (an API key's bearer: `auth: 'apiKey'`). */
  publicRoutes?: (api: FastifyInstance) => PromiseLike<unknown>;
  /** Gauges read when /metrics is scraped (with METRICS_TOKEN). */
  gauges?: GaugeSource[];
  /** Schedules of earlier versions' jobs, removed at start. */
  retiredSchedules?: string[];
  /** Runs once this process's workers have started. */
  startWorkers?: () => Promise<void> | void;
  /** Runs when the application closes, after the job queue has stopped. */
  stop?: () => Promise<void>;
}

export interface ModuleOptions {
  /** Start LibreOffice with the workers, so the first office file converts fast. */
  warmUpOffice: boolean;
  /** The office converter, when not LibreOffice with the configured bounds (tests). */
  office?: OfficeConverter;
}
