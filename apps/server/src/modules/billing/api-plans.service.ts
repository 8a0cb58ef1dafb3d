import { randomUUID } from 'node:crypto';
import {
  API_PLANS,
  type ApiPlanType,
  apiPlanPriceCents,
  formatBillingDate,
  formatMoney,
  MESSAGES,
  type PlanDuration,
  type PurchasableApiPlan,
  periodEnd,
  planChangeCharge,
} from '@esign/shared';
import * as repo from '../../data/billing.js';
import { findUserById, updateUser } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { PaymentGateway } from '../../platform/payments/payments.js';
import { apiPlanLabel } from './api-plan-label.js';
import type { BillingJobs } from './billing.jobs.js';
import { chargeInvoice } from './charge.js';

/**
 * API plans (spec part 2, sections 7 and 9): `api-plans/change`, `DELETE api-plans`, `GET api-subscriptions`. Bought
 * like the account's plans (card, invoice of kind 'api', proration of the current API period); the developer-API
 * issue enforces `requestsMonthlyLimit` and `templatesLimit`. Lifetime accounts have their AppSumo API plan.
 */
export function apiPlanService(deps: {
  db: Db;
  jobs: JobQueue;
  gateway: PaymentGateway;
  billingJobs: BillingJobs;
  now: () => Date;
}) {
  const { db } = deps;

  async function info(userId: string) {
    const user = await findUserById(db, userId);
    if (!user) throw notFound();
    const row = await repo.findApiSubscription(db, userId);
    const type: ApiPlanType = row
      ? row.planType
      : user.appSumoCodes >= 2
        ? 'appsumo_full'
        : user.appSumoCodes === 1
          ? 'appsumo_standard'
          : 'free';
    const entry = API_PLANS[type];
    return {
      plan: { type, duration: row?.planDuration ?? ('monthly' as PlanDuration) },
      amount: formatMoney(row?.amountCents ?? 0),
      nextBillingDate: row ? formatBillingDate(row.currentPeriodEnd) : null,
      requestsMonthlyLimit: entry.requestsPerMonth,
      templatesLimit: entry.templates,
      isApiEnabled: user.isApiEnabled,
    };
  }

  /** POST api-plans/change, under the account's billing lock (see changePlan). */
  async function changeApiPlanLocked(input: { userId: string; type: PurchasableApiPlan; duration: PlanDuration }) {
    const current = await repo.findApiSubscription(db, input.userId);
    if (current?.planType === input.type && current.planDuration === input.duration) {
      throw new AppError('CONFLICT', MESSAGES.planUnchanged);
    }
    const card = await repo.findCard(db, input.userId);
    if (!card) throw new AppError('PAYMENT_FAILED', MESSAGES.cardRequired);
    const now = deps.now();
    const totalCents = apiPlanPriceCents(input);
    const outcome = planChangeCharge({
      targetTotalCents: totalCents,
      current: current
        ? { paidCents: current.amountCents, start: current.currentPeriodStart, end: current.currentPeriodEnd }
        : undefined,
      creditCents: 0,
      now,
    });
    const description = apiPlanLabel(input.type, input.duration);
    const lines: repo.InvoiceLine[] = [{ description, quantity: 1, unitCents: totalCents, totalCents }];
    if (outcome.creditUsedCents > 0) {
      lines.push({
        description: 'Unused time of the previous API plan',
        quantity: 1,
        unitCents: -outcome.creditUsedCents,
        totalCents: -outcome.creditUsedCents,
      });
    }
    const invoice = await repo.insertInvoice(db, {
      userId: input.userId,
      kind: 'api',
      chargeKey: `api:${input.userId}:${randomUUID()}`,
      amountCents: outcome.chargeCents,
      description,
      lines,
    });
    if (!invoice) throw new Error('invoice key collision');
    const chargeRef = await chargeInvoice({ db, gateway: deps.gateway }, card, invoice);
    await deps.jobs.transaction(db, async (tx, queue) => {
      await repo.settleInvoice(tx, invoice.id, { status: 'paid', chargeRef });
      await repo.putApiSubscription(tx, {
        userId: input.userId,
        planType: input.type,
        planDuration: input.duration,
        amountCents: totalCents,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd(now, input.duration),
      });
      // The API flag: the API keys' table opens with the first API plan chosen.
      await updateUser(tx, input.userId, { isApiEnabled: true });
      await queue(deps.billingJobs.invoicePdfs, { invoiceIds: [invoice.id] });
    });
    return { message: MESSAGES.planChanged, subscription: await info(input.userId) };
  }

  return {
    getApiSubscription: (input: { userId: string }) => info(input.userId),

    changeApiPlan: (input: { userId: string; type: PurchasableApiPlan; duration: PlanDuration }) =>
      repo.withBillingLock(db, input.userId, () => changeApiPlanLocked(input)),

    /**
     * DELETE api-plans: back to the free API plan at once (nothing refunded). Choosing the free API plan is this
     * call too, so it sets the API flag (the API keys' table).
     */
    async deleteApiPlan(input: { userId: string }) {
      await db.transaction(async (tx) => {
        await repo.deleteApiSubscription(tx, input.userId);
        await updateUser(tx, input.userId, { isApiEnabled: true });
      });
      return { message: MESSAGES.subscriptionRemoved, subscription: await info(input.userId) };
    },
  };
}
export type ApiPlanService = ReturnType<typeof apiPlanService>;
