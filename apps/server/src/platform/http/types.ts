import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { JobQueue } from '../jobs.js';
import type { Mailer } from '../mail/mailer.js';
import type { Metrics } from '../metrics.js';
import type { Realtime } from '../realtime.js';
import type { Sms } from '../sms/sms.js';
import type { Storage } from '../storage/storage.js';

/** What the platform offers to modules. Each module takes only the parts it uses. */
export interface Platform {
  config: Config;
  database: Database;
  jobs: JobQueue;
  mailer: Mailer;
  sms: Sms;
  storage: Storage;
  realtime: Realtime;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Set once the application starts closing: readiness answers 503 from then on. */
  lifecycle: { isShuttingDown: boolean };
  /** With METRICS_TOKEN: the node's metrics, which modules add gauges to. */
  metrics: Metrics | undefined;
}
