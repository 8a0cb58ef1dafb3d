import { operatorExpirySweep } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.js';
import { bearerToken } from '../../platform/http/bearer.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { isSecretKey } from '../../platform/http/secret-key.js';
import type { ExpiryJobs } from './expiry.jobs.js';

/**
 * The operator's run of the expiry sweep (OPERATOR_TOKEN as the bearer; registered only when it is set): the
 * reminders and expiries the schedule makes, at once, as of a given instant or now.
 */
export async function expiryOperatorRoutes(
  app: FastifyInstance,
  { operatorToken, sweepAt }: { operatorToken: string; sweepAt: (now: Date) => ExpiryJobs },
) {
  defineRoute(app, operatorExpirySweep, { tags: ['system'], auth: 'bearerKey' }, async (request) => {
    if (!isSecretKey(bearerToken(request.headers.authorization), operatorToken)) throw notFound();
    const asOf = request.body.asOf ? new Date(request.body.asOf) : new Date();
    const sweep = sweepAt(asOf);
    const reminded = await sweep.remindDue();
    const expired = await sweep.expireDue();
    return { reminded, expired };
  });
}
