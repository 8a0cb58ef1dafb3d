import { z } from 'zod';
import { PLAN_TYPES } from '../api/constants.js';
import { ROUTES } from '../api/routes.js';

export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export const health = { ...ROUTES.health, response: healthResponse } as const;

/**
 * GET ready (readiness; `health` is liveness): the database, the file storage and the job queue answered. Otherwise
 * 503 NOT_READY, whose message names what failed (or that the node is shutting down).
 */
export const readyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
});
export const ready = { ...ROUTES.ready, response: readyResponse } as const;

/** GET app-config: what the web app reads from the server's configuration when it starts (no account needed). */
export const appConfigResponse = z.object({
  /** Minutes without activity in any tab before the app logs out (IDLE_LOGOUT_MINUTES). */
  idleLogoutMinutes: z.number().int().positive(),
  /** MAINTENANCE_MODE: the app shows its maintenance page; every write answers 503 MAINTENANCE. */
  isMaintenance: z.boolean(),
  /** GOOGLE_CLIENT_ID: Google sign-in is offered only with it (null: the pages load nothing from Google). */
  googleClientId: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigResponse>;
export const appConfig = { ...ROUTES.appConfig, response: appConfigResponse } as const;

export const outboxMail = z.object({
  id: z.string().uuid(),
  to: z.string(),
  /** The From header as sent: a company's 'From' name before the configured address; null in older rows. */
  from: z.string().nullable(),
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

/**
 * PATCH operator/users/plan: an operator sets an account's plan (and optionally its own template limit, -1
 * unlimited) until billing exists, with the operator key (OPERATOR_TOKEN) as the bearer token. Without
 * OPERATOR_TOKEN the path does not exist; a wrong key, or an unknown e-mail, answers 404.
 */
export const operatorSetPlan = {
  ...ROUTES.operatorSetPlan,
  body: z.object({
    email: z.string().max(254),
    planType: z.enum(PLAN_TYPES),
    templateLimit: z.number().int().min(-1).max(1_000_000).optional(),
  }),
  response: z.object({ email: z.string(), planType: z.enum(PLAN_TYPES), templateLimit: z.number().int() }),
} as const;

/**
 * POST operator/backup: the running server writes a backup (modules/backup) into `dir`, a new or empty folder on its
 * own machine, given as an absolute path: how `npm run backup` copies an embedded (PGlite) database, which only the
 * server's process may open. With the operator key as the bearer token; otherwise 404, as above.
 */
export const operatorBackup = {
  ...ROUTES.operatorBackup,
  body: z.object({ dir: z.string().min(1).max(1000) }),
  response: z.object({
    tables: z.number().int(),
    rows: z.number().int(),
    files: z.number().int(),
    bytes: z.number().int(),
    missingFiles: z.array(z.string()),
  }),
} as const;
