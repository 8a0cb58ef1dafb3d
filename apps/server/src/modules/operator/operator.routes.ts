import { normalizeEmail, operatorMintAppSumoCodes, operatorSetPlan } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { setPlanByEmail } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
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
  }: { db: Db; operatorToken: string; appSumo: { mint(input: { count: number }): Promise<{ codes: string[] }> } },
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
}
