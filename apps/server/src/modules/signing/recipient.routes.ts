import { reassignSigner, startInPersonSigning } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { userAgentOf } from '../../platform/http/client-address.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { InPersonService } from './in-person.service.js';
import type { ReassignService } from './reassign.service.js';
import { signAccessToken } from './signing.routes.js';

/** A signer hands their part on (by the link's token), and the sender hosts a signing in person (issue 36). */
export async function recipientRoutes(
  app: FastifyInstance,
  { reassign, inPerson }: { reassign: ReassignService; inPerson: InPersonService },
) {
  // Each reassignment mails a stranger: besides the document's own limit, few per address.
  defineRoute(
    app,
    reassignSigner,
    { tags: ['signing'], auth: 'signer', perAddress: { max: 10, perMinutes: 15 } },
    async (request) =>
      reassign.reassign({
        documentId: request.params.id,
        signerId: request.params.signerId,
        token: signAccessToken(request),
        to: request.body,
        origin: { ip: request.ip, userAgent: userAgentOf(request) },
      }),
  );
  defineRoute(app, startInPersonSigning, { tags: ['signing'], auth: 'user' }, async (request) =>
    inPerson.start({
      userId: currentUser(request).id,
      documentId: request.params.id,
      signerId: request.params.signerId,
    }),
  );
}
