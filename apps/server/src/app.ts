import { randomUUID } from 'node:crypto';
import { API_PREFIX, MESSAGES, PUBLIC_API_PREFIX } from '@esign/shared';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { requireAccountOwner } from './modules/access/index.js';
import { requireUser } from './modules/auth/auth.routes.js';
import { realtimeAuthenticator } from './modules/events/realtime-access.js';
import { appModules } from './modules/modules.js';
import { requireApiKey } from './modules/public-api/api-key-gate.js';
import { keyRateLimiter } from './modules/public-api/rate-limiter.js';
import { rateWindowStore } from './modules/public-api/rate-window-store.js';
import { embeddedSignerFraming } from './modules/signing/embedding.js';
import type { Config } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import { AppError, notFound } from './platform/errors.js';
import { fastifyTrustProxy } from './platform/http/client-address.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { refuseWritesForMaintenance } from './platform/http/maintenance.js';
import { refuseNulCharacters } from './platform/http/nul-guard.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { registerSecurityHeaders } from './platform/http/security.js';
import type { Platform } from './platform/http/types.js';
import { registerWebApp } from './platform/http/web.js';
import { JobQueue } from './platform/jobs.js';
import { loggerOptions } from './platform/logging.js';
import { createMailer } from './platform/mail/mailer.js';
import { METRICS_PATH, Metrics } from './platform/metrics.js';
import type { OfficeConverter } from './platform/office/office-converter.js';
import { Realtime } from './platform/realtime.js';
import { createSms } from './platform/sms/sms.js';
import { createStorage } from './platform/storage/create.js';

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

/** JSON bodies may be this large; a bigger request is refused before it is parsed. */
const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface BuildOptions {
  /** Start the job workers in this process (the embedded default). */
  runWorkers?: boolean;
  logger?: boolean;
  now?: () => Date;
  /** Start LibreOffice at once so the first office file converts fast (default: when workers run). */
  warmUpOffice?: boolean;
  /** The office converter (default: LibreOffice with the configured bounds); tests hold conversions with their own. */
  office?: OfficeConverter;
}

/** Builds the whole application without listening: `main.ts` listens, tests call `app.inject()`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, config.logFormat),
    bodyLimit: BODY_LIMIT_BYTES,
    // Closing waits for the requests in flight within this too (the server's close is one of its steps): on SIGTERM
    // they get the shutdown's bound (platform/shutdown.ts).
    pluginTimeout: Math.max(10_000, config.shutdownTimeoutSeconds * 1000),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  const lifecycle = { isShuttingDown: false };
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A request answered while the node shuts down closes its connection, which would otherwise hold the close.
    if (lifecycle.isShuttingDown) reply.header('connection', 'close');
  });
  registerErrorHandler(app);
  refuseNulCharacters(app);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const now = options.now ?? (() => new Date());
  // Running jobs get the shutdown's bound, less a moment for what closes after them.
  const jobs = new JobQueue(database, app.log, Math.max(1000, config.shutdownTimeoutSeconds * 1000 - 2000));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const sms = createSms({ twilio: config.twilio, db: database.db });
  const storage = await createStorage(config, now);
  const realtime = new Realtime(app.log);
  const metrics = config.metricsToken ? new Metrics() : undefined;
  const platform: Platform = {
    config,
    database,
    jobs,
    mailer,
    sms,
    storage,
    realtime,
    now,
    log: app.log,
    lifecycle,
    metrics,
  };
  app.decorate('platform', platform);

  const { modules, auth } = appModules(platform, {
    warmUpOffice: options.warmUpOffice ?? true,
    ...(options.office ? { office: options.office } : {}),
  });
  for (const module of modules) jobs.register(...(module.jobs ?? []));
  if (metrics && config.metricsToken) {
    observePlatform(metrics, platform);
    for (const module of modules) for (const gauge of module.gauges ?? []) metrics.addGauge(gauge);
    metrics.register(app, config.metricsToken);
  } else {
    app.get(METRICS_PATH, async () => {
      throw notFound();
    });
  }

  await registerSecurityHeaders(app, {
    allowGoogleSignIn: config.google !== undefined,
    ...(Object.values(config.integrations).some(Boolean)
      ? { integrationPopupPaths: ['/integrations', '/api/v1/integrations/callback'] }
      : {}),
  });
  // An embedded signing link's page may be framed by its API key's origins (after the headers above).
  app.addHook('onRequest', embeddedSignerFraming(database.db));
  if (config.isMaintenance) refuseWritesForMaintenance(app);
  await registerOpenApi(app);
  // Per-address limits of the routes that ask for one (`perAddress` in define-route.ts); none on the others.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyRequests, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  app.decorate('requireUser', requireUser(auth));
  app.decorate('requireAccountOwner', requireAccountOwner);
  const rateWindows = await rateWindowStore(config.redisUrl, database.db, app);
  app.decorate(
    'requireApiKey',
    requireApiKey({
      db: database.db,
      now,
      perSecond: config.apiRateLimitPerSecond,
      limiter: keyRateLimiter({ store: rateWindows, log: app.log }),
    }),
  );
  await app.register(
    async (api) => {
      for (const module of modules) await module.routes?.(api);
    },
    { prefix: API_PREFIX },
  );
  await app.register(
    async (api) => {
      for (const module of modules) await module.publicRoutes?.(api);
    },
    { prefix: PUBLIC_API_PREFIX },
  );
  await registerWebApp(app, config.webDistDir);
  // socket.io on the API's own server (and port): it answers its path before Fastify sees the request.
  await realtime.attach(app.server, {
    redisUrl: config.redisUrl,
    authenticate: realtimeAuthenticator({ db: database.db, auth }),
  });

  await jobs.start();
  for (const module of modules) {
    for (const { job, cron, payload } of module.schedules ?? []) await jobs.schedule(job, cron, payload);
    for (const name of module.retiredSchedules ?? []) await jobs.unschedule(name);
  }
  if (options.runWorkers ?? config.runWorkers) {
    await jobs.startWorkers();
    for (const module of modules) await module.startWorkers?.();
  }
  // Before the server stops listening: open sockets would hold its close.
  app.addHook('preClose', async () => {
    lifecycle.isShuttingDown = true;
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    for (const module of modules) await module.stop?.();
    await database.close();
  });
  return app;
}

/** The platform's own gauges: the job queues, the database pool, the realtime sockets; and every job run's end. */
function observePlatform(metrics: Metrics, platform: Platform): void {
  const { jobs, database, realtime } = platform;
  jobs.observe((job, outcome, seconds) => metrics.jobFinished(job, outcome, seconds));
  metrics.addGauge({
    name: 'esign_job_queue_depth',
    help: 'Jobs waiting (created or to retry) per queue',
    labelNames: ['queue'],
    read: async () => (await jobs.waitingStats()).map((row) => ({ labels: { queue: row.name }, value: row.waiting })),
  });
  metrics.addGauge({
    name: 'esign_job_queue_oldest_seconds',
    help: 'Age of the oldest waiting job per queue',
    labelNames: ['queue'],
    read: async () =>
      (await jobs.waitingStats()).map((row) => ({ labels: { queue: row.name }, value: row.oldestSeconds })),
  });
  const { poolStats } = database;
  if (poolStats) {
    metrics.addGauge({
      name: 'esign_db_pool_connections',
      help: "The database pool's connections by state (in_use, idle) and the queries waiting for one (waiting)",
      labelNames: ['state'],
      read: () => {
        const stats = poolStats();
        return [
          { labels: { state: 'in_use' }, value: stats.inUse },
          { labels: { state: 'idle' }, value: stats.idle },
          { labels: { state: 'waiting' }, value: stats.waiting },
        ];
      },
    });
  }
  metrics.addGauge({
    name: 'esign_realtime_sockets',
    help: 'Browser sockets connected to this node',
    read: () => [{ value: realtime.socketCount }],
  });
}
