import { appConfig, devMail, health } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.js';
import { type Database, pingDatabase } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { isSecretKey } from '../../platform/http/secret-key.js';
import { listOutbox, type Mailer } from '../../platform/mail/mailer.js';
import { bearerToken } from '../auth/tokens.js';

export async function systemRoutes(
  app: FastifyInstance,
  {
    database,
    mailer,
    config,
  }: {
    database: Database;
    mailer: Mailer;
    config: Pick<Config, 'devMailToken' | 'idleLogoutMinutes' | 'isMaintenance'>;
  },
) {
  const { devMailToken } = config;
  defineRoute(app, health, { tags: ['system'], auth: 'none' }, async () => {
    await pingDatabase(database.db);
    return { status: 'ok' as const, database: database.kind };
  });

  defineRoute(app, appConfig, { tags: ['system'], auth: 'none' }, async () => ({
    idleLogoutMinutes: config.idleLogoutMinutes,
    isMaintenance: config.isMaintenance,
  }));

  // The outbox exists only while no SMTP server is configured; otherwise this path is unknown. It holds signing
  // links and password-reset links, so it answers only its key (DEV_MAIL_TOKEN, or the one in DATA_DIR that the
  // server prints at start); without it, 404 as for an unknown path.
  if (mailer.transport === 'outbox') {
    defineRoute(app, devMail, { tags: ['system'], auth: 'bearerKey' }, async (request) => {
      const presented = request.query.token ?? bearerToken(request.headers.authorization);
      if (!isSecretKey(presented, devMailToken)) throw notFound();
      const rows = await listOutbox(database.db);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    });
  }
}
