import { erasePerson, getRetention, operatorRetentionSweep, setLegalHold, updateRetention } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.js';
import { currentUser } from '../../platform/http/authenticate.js';
import { bearerToken } from '../../platform/http/bearer.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { isSecretKey } from '../../platform/http/secret-key.js';
import type { RetentionService } from './retention.service.js';

/** The retention rule, the account's hold and erasure are the account owner's settings: anyone else gets 404. */
const asOwner = { tags: ['retention'], auth: 'accountOwner' } as const;

export async function retentionRoutes(
  app: FastifyInstance,
  { retention, operatorToken }: { retention: RetentionService; operatorToken: string | undefined },
) {
  defineRoute(app, getRetention, asOwner, async (request) => retention.getSettings({ user: currentUser(request) }));
  defineRoute(app, updateRetention, asOwner, async (request) =>
    retention.updateSettings({ user: currentUser(request), body: request.body }),
  );
  defineRoute(app, erasePerson, asOwner, async (request) =>
    retention.erase({ user: currentUser(request), body: request.body }),
  );
  // A document's hold: its owner, the team's owner and admins (document.legalHold).
  defineRoute(app, setLegalHold, { tags: ['retention'], auth: 'user' }, async (request) =>
    retention.setLegalHold({
      userId: currentUser(request).id,
      documentId: request.params.id,
      isHeld: request.body.isHeld,
      sourceIp: request.ip,
    }),
  );
  // The operator's run of the daily job at once, as of a given instant (registered only with OPERATOR_TOKEN).
  if (operatorToken) {
    defineRoute(app, operatorRetentionSweep, { tags: ['system'], auth: 'bearerKey' }, async (request) => {
      if (!isSecretKey(bearerToken(request.headers.authorization), operatorToken)) throw notFound();
      const asOf = request.body.asOf ? new Date(request.body.asOf) : new Date();
      return { removed: await retention.runRetention(asOf) };
    });
  }
}
