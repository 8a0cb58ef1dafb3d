import {
  addCreditCard,
  cancelSubscription,
  changeApiPlan,
  changePlan,
  deleteApiPlan,
  getApiSubscriptions,
  getCreditCard,
  getInvoices,
  getPlans,
  getSubscriptions,
  updateBillingDetails,
  updateCreditCard,
  upgradeAppSumo,
} from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { ApiPlanService } from './api-plans.service.js';
import type { AppSumoService } from './appsumo.service.js';
import type { BillingService } from './billing.service.js';

/** Billing is the account owner's (an account alone, or a team's owner): a team's admins and users get 404. */
const asUser = { tags: ['billing'], auth: 'accountOwner' } as const;

/** The account's billing calls (spec part 2, section 7): each acts on the caller's own account only. */
export async function billingRoutes(
  app: FastifyInstance,
  { billing, appSumo, apiPlans }: { billing: BillingService; appSumo: AppSumoService; apiPlans: ApiPlanService },
) {
  defineRoute(app, getCreditCard, asUser, async (request) => billing.getCard({ userId: currentUser(request).id }));
  defineRoute(app, addCreditCard, asUser, async (request) =>
    billing.addCard({ userId: currentUser(request).id, card: request.body }),
  );
  defineRoute(app, updateCreditCard, asUser, async (request) =>
    billing.updateCard({ userId: currentUser(request).id, card: request.body }),
  );
  defineRoute(app, updateBillingDetails, asUser, async (request) =>
    billing.updateBillingDetails({ userId: currentUser(request).id, details: request.body }),
  );
  defineRoute(app, getPlans, asUser, async (request) => billing.listPlans({ userId: currentUser(request).id }));
  defineRoute(app, changePlan, asUser, async (request) =>
    billing.changePlan({ userId: currentUser(request).id, ...request.body }),
  );
  defineRoute(app, getSubscriptions, asUser, async (request) =>
    billing.getSubscription({ userId: currentUser(request).id }),
  );
  defineRoute(app, cancelSubscription, asUser, async (request) =>
    billing.cancelSubscription({ userId: currentUser(request).id }),
  );
  defineRoute(app, getInvoices, asUser, async (request) =>
    billing.listInvoices({ userId: currentUser(request).id, kind: request.query.type }),
  );
  defineRoute(app, upgradeAppSumo, asUser, async (request) =>
    appSumo.redeem({ userId: currentUser(request).id, code: request.body.code }),
  );
  defineRoute(app, changeApiPlan, asUser, async (request) =>
    apiPlans.changeApiPlan({ userId: currentUser(request).id, ...request.body }),
  );
  defineRoute(app, deleteApiPlan, asUser, async (request) =>
    apiPlans.deleteApiPlan({ userId: currentUser(request).id }),
  );
  defineRoute(app, getApiSubscriptions, asUser, async (request) =>
    apiPlans.getApiSubscription({ userId: currentUser(request).id }),
  );
}
