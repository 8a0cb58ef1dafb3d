import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { notFound } from './errors.js';
import { bearerToken } from './http/bearer.js';
import { isSecretKey } from './http/secret-key.js';

/** Where Prometheus scrapes (outside /api: an operator's, not the product's). */
export const METRICS_PATH = '/metrics';

/** A gauge read when scraped: one value per label set (a queue's depth, say). */
export interface GaugeSource {
  name: string;
  help: string;
  labelNames?: string[];
  read: () =>
    | Promise<{ labels?: Record<string, string>; value: number }[]>
    | { labels?: Record<string, string>; value: number }[];
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/**
 * The node's metrics in the Prometheus text format (prom-client), only with METRICS_TOKEN: HTTP requests by route
 * template and status with their latency, job outcomes and durations (JobQueue reports each run), and gauges read
 * at scrape time (queues, LibreOffice, webhook lag, the database pool, sockets), plus Node's own (`process_`,
 * `nodejs_`). Without the token none of it exists and no hook runs.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: 'esign_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'esign_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: 'esign_jobs_total',
    help: 'Job runs by job name and outcome (completed, failed)',
    labelNames: ['job', 'outcome'],
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'esign_job_duration_seconds',
    help: 'Time one job run took, by job name and outcome',
    labelNames: ['job', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A job run ended (JobQueue's observer). */
  jobFinished(job: string, outcome: 'completed' | 'failed', seconds: number): void {
    this.jobRuns.inc({ job, outcome });
    this.jobDuration.observe({ job, outcome }, seconds);
  }

  /** A request was answered (`route` undefined: no route matched). */
  requestAnswered(method: string, route: string | undefined, status: number, seconds: number): void {
    const labels = { method, route: route ?? 'unmatched', status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  addGauge(source: GaugeSource): void {
    new Gauge({
      name: source.name,
      help: source.help,
      labelNames: source.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { labels, value } of await source.read()) {
          if (labels) this.set(labels, value);
          else this.set(value);
        }
      },
    });
  }

  /**
   * Counts every answered request by its route's template (`/api/v1/documents/:id`; `unmatched` for unknown paths,
   * so a scan cannot make labels without end), and answers GET /metrics to the bearer of `token` (404 otherwise).
   */
  register(app: FastifyInstance, token: string): void {
    app.addHook('onResponse', async (request, reply) => {
      this.requestAnswered(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    });
    app.get(METRICS_PATH, async (request, reply) => {
      if (!isSecretKey(bearerToken(request.headers.authorization), token)) throw notFound();
      const text = await this.registry.metrics();
      return reply.type(this.registry.contentType).send(text);
    });
  }
}
