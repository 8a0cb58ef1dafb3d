import { z } from 'zod';
import { ROUTES } from '../routes.js';

export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export const health = { ...ROUTES.health, response: healthResponse } as const;

export const outboxMail = z.object({
  id: z.string().uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;
/**
 * Only while the outbox transport is in use (no SMTP_URL), and only with the outbox's key (`Authorization: Bearer`
 * or `?token=`): otherwise 404, as if the path did not exist. Newest first.
 */
export const devMail = {
  ...ROUTES.devMail,
  querystring: z.object({ token: z.string().max(200).optional() }),
  response: z.array(outboxMail),
} as const;
