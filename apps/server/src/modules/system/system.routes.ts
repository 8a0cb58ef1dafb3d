import { appConfig, devMail, devSms, health, ready } from '@esign/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.js';
import { type Database, pingDatabase } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { bearerToken } from '../../platform/http/bearer.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { isSecretKey } from '../../platform/http/secret-key.js';
import type { Platform } from '../../platform/http/types.js';
import type { JobQueue } from '../../platform/jobs.js';
import { listOutbox, type Mailer } from '../../platform/mail/mailer.js';
import { listSmsOutbox, type Sms } from '../../platform/sms/sms.js';
import type { Storage } from '../../platform/storage/storage.js';

/** One readiness check may take this long before it counts as failed (a database that hangs, say). */
const READY_CHECK_TIMEOUT_MS = 3000;

/** Resolves when `check` does within the bound; rejects otherwise. */
function withinBound(check: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), READY_CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), late]).finally(() => clearTimeout(timer));
}

export async function systemRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    mailer: Mailer;
    sms: Sms;
    config: Pick<Config, 'devMailToken' | 'idleLogoutMinutes' | 'isMaintenance' | 'google'>;
    storage: Storage;
    jobs: JobQueue;
    lifecycle: Platform['lifecycle'];
  },
) {
  const { database, mailer, sms, config, storage, jobs, lifecycle } = options;
  const { devMailToken } = config;
  defineRoute(app, health, { tags: ['system'], auth: 'none' }, async () => {
    await pingDatabase(database.db);
    return { status: 'ok' as const, database: database.kind };
  });

  // Readiness: what this node needs to serve. A load balancer stops sending to it on 503 (and during shutdown).
  defineRoute(app, ready, { tags: ['system'], auth: 'none' }, async (request) => {
    if (lifecycle.isShuttingDown) throw new AppError('NOT_READY', 'Not ready: shutting down');
    const checks = {
      database: () => pingDatabase(database.db),
      storage: () => storage.check(),
      queue: () => jobs.check(),
    };
    const outcomes = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withinBound(check);
          return undefined;
        } catch (error) {
          request.log.warn({ err: error, check: name }, 'readiness check failed');
          return name;
        }
      }),
    );
    const failed = outcomes.filter((name) => name !== undefined);
    if (failed.length > 0) throw new AppError('NOT_READY', `Not ready: ${failed.join(', ')}`);
    return { status: 'ready' as const, database: database.kind, storage: storage.driver };
  });

  defineRoute(app, appConfig, { tags: ['system'], auth: 'none' }, async () => ({
    idleLogoutMinutes: config.idleLogoutMinutes,
    isMaintenance: config.isMaintenance,
    googleClientId: config.google?.clientId ?? null,
  }));

  // The outboxes exist only while no SMTP server (no SMS provider) is configured; otherwise their paths are
  // unknown. They hold signing, password-reset links and sign-in codes, so they answer only their key
  // (DEV_MAIL_TOKEN, or the one in DATA_DIR that the server prints at start); without it, 404 as for an unknown path.
  const requireOutboxKey = (request: FastifyRequest<{ Querystring: { token?: string | undefined } }>) => {
    const presented = request.query.token ?? bearerToken(request.headers.authorization);
    if (!isSecretKey(presented, devMailToken)) throw notFound();
  };
  const withIsoTimes = <Row extends { createdAt: Date }>(rows: Row[]) =>
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  if (mailer.transport === 'outbox') {
    defineRoute(app, devMail, { tags: ['system'], auth: 'bearerKey' }, async (request) => {
      requireOutboxKey(request);
      return withIsoTimes(await listOutbox(database.db));
    });
  }
  if (sms.transport === 'outbox') {
    defineRoute(app, devSms, { tags: ['system'], auth: 'bearerKey' }, async (request) => {
      requireOutboxKey(request);
      return withIsoTimes(await listSmsOutbox(database.db));
    });
  }
}
