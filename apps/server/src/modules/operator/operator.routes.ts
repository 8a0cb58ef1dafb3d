import { isAbsolute } from 'node:path';
import { normalizeEmail, operatorBackup, operatorMintAppSumoCodes, operatorSetPlan } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { setPlanByEmail } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { bearerToken } from '../../platform/http/bearer.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { isSecretKey } from '../../platform/http/secret-key.js';

/**
 * The operator's calls, with OPERATOR_TOKEN as the bearer token: what an operator would otherwise do in SQL, for
 * an embedded database that only the server process can open. Registered only when OPERATOR_TOKEN is set.
 */
export async function operatorRoutes(
  app: FastifyInstance,
  {
    db,
    operatorToken,
    appSumo,
    backup,
  }: {
    db: Db;
    operatorToken: string;
    appSumo: { mint(input: { count: number }): Promise<{ codes: string[] }> };
    backup: (
      dir: string,
    ) => Promise<{ tables: number; rows: number; files: number; bytes: number; missingFiles: string[] }>;
  },
) {
  defineRoute(app, operatorSetPlan, { tags: ['system'], auth: 'bearerKey' }, async (request) => {
    if (!isSecretKey(bearerToken(request.headers.authorization), operatorToken)) throw notFound();
    const { email, planType, templateLimit } = request.body;
    const updated = await setPlanByEmail(db, { email: normalizeEmail(email), planType, templateLimit });
    if (!updated) throw notFound();
    return updated;
  });

  /** Mints lifetime (AppSumo) codes; the raw codes are answered this once, only their hashes are kept. */
  defineRoute(app, operatorMintAppSumoCodes, { tags: ['system'], auth: 'bearerKey' }, async (request) => {
    if (!isSecretKey(bearerToken(request.headers.authorization), operatorToken)) throw notFound();
    return appSumo.mint({ count: request.body.count });
  });

  /** A backup written by this process (modules/backup): the embedded database is open only here. */
  defineRoute(app, operatorBackup, { tags: ['system'], auth: 'bearerKey' }, async (request) => {
    if (!isSecretKey(bearerToken(request.headers.authorization), operatorToken)) throw notFound();
    if (!isAbsolute(request.body.dir))
      throw new AppError('VALIDATION_ERROR', 'The backup folder must be an absolute path');
    return backup(request.body.dir);
  });
}
