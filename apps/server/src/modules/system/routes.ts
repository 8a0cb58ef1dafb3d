import { devMail, health } from '@esign/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/client.js';
import { listOutbox, type Mailer } from '../../platform/mail/mailer.js';

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; mailer: Mailer }> = async (
  app,
  { database, mailer },
) => {
  app.get(health.path, { schema: { tags: ['system'], response: { 200: health.response } } }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: database.kind };
  });

  // The outbox exists only while no SMTP server is configured; otherwise this path is unknown.
  if (mailer.transport === 'outbox') {
    app.get(devMail.path, { schema: { tags: ['system'], response: { 200: devMail.response } } }, async () => {
      const rows = await listOutbox(database.db);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    });
  }
};
