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
  signInAppSumo,
  updateBillingDetails,
  updateCreditCard,
  upgradeAppSumo,
} from '@esign/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  // Open to anyone; a bearer token, when sent, must be a user's (then the code is redeemed on that account, which
  // only its owner may do, as plans/upgrade_appsumo).
  const userIfSent = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization) await app.requireUser.call(app, request, reply);
  };
  defineRoute(
    app,
    signInAppSumo,
    { tags: ['billing'], auth: 'none', preHandler: userIfSent },
    async (request, reply) => {
      if (!request.headers.authorization) return appSumo.signUpWithCode(request.body);
      // Only the account's owner redeems a code on it (the policy's account.settings).
      await app.requireAccountOwner.call(app, request, reply);
      const user = currentUser(request);
      return { type: 'redeemed' as const, ...(await appSumo.redeem({ userId: user.id, code: request.body.token })) };
    },
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
