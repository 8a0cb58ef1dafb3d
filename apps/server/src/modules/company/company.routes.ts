import { companyLogo, deleteCompanyLogo, getCompany, updateCompany, updateCompanyLogo } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { sendPicture } from '../../platform/storage/stored-picture.js';
import type { CompanyService } from './company.service.js';

/** The company's settings are the account owner's (an account alone, or a team's owner): teammates get 404. */
const asUser = { tags: ['company'], auth: 'accountOwner' } as const;

export async function companyRoutes(app: FastifyInstance, { company }: { company: CompanyService }) {
  defineRoute(app, getCompany, asUser, async (request) => company.getCompany({ user: currentUser(request) }));
  defineRoute(app, updateCompany, asUser, async (request) =>
    company.updateCompany({ user: currentUser(request), body: request.body }),
  );
  defineRoute(app, updateCompanyLogo, asUser, async (request) =>
    company.setLogo({ user: currentUser(request), key: request.body.key }),
  );
  defineRoute(app, deleteCompanyLogo, asUser, async (request) => company.removeLogo({ user: currentUser(request) }));
  defineRoute(app, companyLogo, { tags: ['company'], auth: 'none' }, async (request, reply) =>
    sendPicture(reply, await company.logoFile(request.params)),
  );
}
