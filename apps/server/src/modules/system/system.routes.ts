import { appConfig, devMail, devSms, health } from '@esign/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.js';
import { type Database, pingDatabase } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { bearerToken } from '../../platform/http/bearer.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { isSecretKey } from '../../platform/http/secret-key.js';
import { listOutbox, type Mailer } from '../../platform/mail/mailer.js';
import { listSmsOutbox, type Sms } from '../../platform/sms/sms.js';

export async function systemRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    mailer: Mailer;
    sms: Sms;
    config: Pick<Config, 'devMailToken' | 'idleLogoutMinutes' | 'isMaintenance' | 'google'>;
  },
) {
  const { database, mailer, sms, config } = options;
  const { devMailToken } = config;
  defineRoute(app, health, { tags: ['system'], auth: 'none' }, async () => {
    await pingDatabase(database.db);
    return { status: 'ok' as const, database: database.kind };
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
