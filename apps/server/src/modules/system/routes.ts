import { createHash, timingSafeEqual } from 'node:crypto';
import { devMail, health } from '@esign/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { listOutbox, type Mailer } from '../../platform/mail/mailer.js';
import { bearerToken } from '../auth/tokens.js';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether `presented` is the outbox key, compared in constant time. */
function isOutboxKey(presented: string | undefined, key: string): boolean {
  return presented !== undefined && timingSafeEqual(digest(presented), digest(key));
}

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; mailer: Mailer; devMailToken: string }> = async (
  app,
  { database, mailer, devMailToken },
) => {
  app.get(health.path, { schema: { tags: ['system'], response: { 200: health.response } } }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: database.kind };
  });

  // The outbox exists only while no SMTP server is configured; otherwise this path is unknown. It holds signing
  // links and password-reset links, so it answers only its key (DEV_MAIL_TOKEN, or the one in DATA_DIR that the
  // server prints at start); without it, 404 as for an unknown path.
  if (mailer.transport === 'outbox') {
    app.get(
      devMail.path,
      {
        schema: {
          tags: ['system'],
          security: [{ bearer: [] }],
          querystring: devMail.querystring,
          response: { 200: devMail.response },
        },
      },
      async (request) => {
        const presented = request.query.token ?? bearerToken(request.headers.authorization);
        if (!isOutboxKey(presented, devMailToken)) throw notFound();
        const rows = await listOutbox(database.db);
        return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      },
    );
  }
};
