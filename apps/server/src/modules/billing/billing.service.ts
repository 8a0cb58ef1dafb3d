import { randomUUID } from 'node:crypto';
import {
  type BillingDetails,
  type Card,
  type CardForm,
  type ChangePlanRequest,
  cardForm,
  FREE_PLAN_DOCUMENTS_PER_MONTH,
  formatMoney,
  MESSAGES,
  type PaymentSurveyAnswer,
  PER_USER_PLANS,
  PLAN_DURATIONS,
  PLAN_TYPES,
  type Plan,
  parseCardExpiry,
  periodEnd,
  planChangeCharge,
  planPrice,
  planRank,
  planTotalCents,
  seatChargePreview,
  TEMPLATE_LIMITS,
} from '@esign/shared';
import * as repo from '../../data/billing.js';
import { findUserById, type UserRow, updateUser } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import { CardRefusedError, type PaymentGateway } from '../../platform/payments/payments.js';
import type { BillingJobs } from './billing.jobs.js';
import { chargeInvoice } from './charge.js';
import { invoiceNumber } from './invoice-number.js';
import { planLabel, planOf, toSubscriptionInfo } from './subscription-info.js';

export interface BillingDeps {
  db: Db;
  jobs: JobQueue;
  gateway: PaymentGateway;
  billingJobs: BillingJobs;
  now: () => Date;
}

const pad2 = (value: number) => String(value).padStart(2, '0');
const toCard = (row: repo.CardRow): Card => ({
  cardType: row.brand,
  last4: row.last4,
  expirationDate: `${pad2(row.expMonth)}/${row.expYear}`,
  cardholderName: row.cardholderName,
});

/**
 * Cards, billing details, plans, subscriptions and invoices of the logged-in account (spec part 2, sections 3, 4,
 * 7). Every charge is an invoice row first (its charge key is the gateway's idempotency key), then the gateway's
 * charge, then the change recorded with the invoice paid; a declined charge changes nothing but the invoice.
 */
export function billingService(deps: BillingDeps) {
  const { db, gateway } = deps;

  async function requireUser(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw notFound();
    return user;
  }

  const charge = (card: repo.CardRow, invoice: repo.InvoiceRow) => chargeInvoice({ db, gateway }, card, invoice);

  async function saveCard(userId: string, form: CardForm): Promise<Card> {
    const user = await requireUser(userId);
    const parsed = cardForm.parse(form);
    const expiry = parseCardExpiry(parsed.expirationDate);
    if (!expiry) throw new AppError('VALIDATION_ERROR', MESSAGES.invalidDate);
    const existing = await repo.findCard(db, userId);
    let saved: Awaited<ReturnType<PaymentGateway['saveCard']>>;
    try {
      saved = await gateway.saveCard({
        customerRef: existing?.gateway === gateway.name ? existing.customerRef : null,
        email: user.email,
        card: {
          number: parsed.number,
          expMonth: expiry.month,
          expYear: expiry.year,
          cvv: parsed.cvv,
          cardholderName: parsed.cardholderName,
          postalCode: parsed.postalCode,
        },
      });
    } catch (error) {
      if (error instanceof CardRefusedError) throw new AppError('PAYMENT_FAILED', error.message);
      throw new AppError('PAYMENT_PROVIDER_ERROR', MESSAGES.paymentProviderFailed);
    }
    const row = await repo.upsertCard(db, {
      userId,
      gateway: gateway.name,
      ...saved,
      cardholderName: parsed.cardholderName,
      postalCode: parsed.postalCode,
    });
    return toCard(row);
  }

  async function subscriptionOf(userId: string) {
    const user = await requireUser(userId);
    return toSubscriptionInfo(user, await repo.findSubscription(db, userId));
  }

  /** Moves the account to Free at once: its subscription ends (no refund of the period's rest). */
  async function moveToFree(userId: string): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.lockUserForBilling(tx, userId);
      await repo.deleteSubscription(tx, userId);
      await repo.setUserPlan(tx, userId, { type: 'free', duration: 'monthly' });
    });
  }

  /**
   * POST plans/change. Free ends the subscription. A paid plan needs a saved card; it starts a new period now and
   * charges the period's total less the unused part of the current one (and any credit). The survey's answer is
   * kept the first time one is given.
   */
  async function changePlan(input: { userId: string } & ChangePlanRequest) {
    // One change of an account at a time: two at once would each charge (each reads the plan before the other).
    return repo.withBillingLock(db, input.userId, () => changePlanLocked(input));
  }

  async function changePlanLocked(input: { userId: string } & ChangePlanRequest) {
    const user = await requireUser(input.userId);
    if (user.appSumoCodes > 0) throw new AppError('FORBIDDEN', MESSAGES.lifetimeCannotCancel);
    const target: Plan = { type: input.type, duration: input.type === 'free' ? 'monthly' : input.duration };
    const current = await repo.findSubscription(db, user.id);
    const currentPlan = current ? planOf(current) : planOf(user);
    if (currentPlan.type === target.type && (target.type === 'free' || currentPlan.duration === target.duration)) {
      throw new AppError('CONFLICT', MESSAGES.planUnchanged);
    }
    if (target.type === 'free') {
      await moveToFree(user.id);
      return { message: MESSAGES.planChanged, subscription: await subscriptionOf(user.id) };
    }
    const card = await repo.findCard(db, user.id);
    if (!card) throw new AppError('PAYMENT_FAILED', MESSAGES.cardRequired);

    const now = deps.now();
    const userQuantity = PER_USER_PLANS.includes(target.type) ? (current?.userQuantity ?? 1) : 1;
    const price = planPrice(target);
    const totalCents = planTotalCents(target, userQuantity);
    const outcome = planChangeCharge({
      targetTotalCents: totalCents,
      current: current
        ? { paidCents: current.paidCents, start: current.currentPeriodStart, end: current.currentPeriodEnd }
        : undefined,
      creditCents: current?.creditCents ?? 0,
      now,
    });
    const lines: repo.InvoiceLine[] = [
      {
        description: planLabel(target),
        quantity: userQuantity,
        unitCents: price.amountCents,
        totalCents: price.amountCents * userQuantity,
      },
    ];
    if (price.discountCents > 0) {
      lines.push({
        description: 'Annual discount (20%)',
        quantity: userQuantity,
        unitCents: -price.discountCents,
        totalCents: -price.discountCents * userQuantity,
      });
    }
    if (outcome.creditUsedCents > 0) {
      lines.push({
        description: 'Unused time of the previous plan and credit',
        quantity: 1,
        unitCents: -outcome.creditUsedCents,
        totalCents: -outcome.creditUsedCents,
      });
    }
    const invoice = await repo.insertInvoice(db, {
      userId: user.id,
      kind: 'plan',
      chargeKey: `change:${user.id}:${randomUUID()}`,
      amountCents: outcome.chargeCents,
      description: planLabel(target),
      lines,
    });
    if (!invoice) throw new Error('invoice key collision');
    const chargeRef = await charge(card, invoice);
    await deps.jobs.transaction(db, async (tx, queue) => {
      await repo.lockUserForBilling(tx, user.id);
      await repo.settleInvoice(tx, invoice.id, { status: 'paid', chargeRef });
      await repo.putSubscription(tx, {
        userId: user.id,
        planType: target.type,
        planDuration: target.duration,
        userQuantity,
        amountCents: price.amountCents,
        discountAmountCents: price.discountCents,
        paidCents: totalCents,
        creditCents: outcome.creditLeftCents,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd(now, target.duration),
      });
      await repo.setUserPlan(tx, user.id, target);
      if (input.paymentSurveyAnswer && user.paymentSurveyAnswer === null) {
        await updateUser(tx, user.id, { paymentSurveyAnswer: input.paymentSurveyAnswer satisfies PaymentSurveyAnswer });
      }
      await queue(deps.billingJobs.invoicePdfs, { invoiceIds: [invoice.id] });
    });
    return { message: MESSAGES.planChanged, subscription: await subscriptionOf(user.id) };
  }

  /**
   * Teams: what adding `seats` users to a Business subscription costs now (the added users' price for the part of
   * the period still to come) and per period from the next renewal.
   */
  async function previewSeatCharge(input: { userId: string; seats: number }) {
    const subscription = await repo.findSubscription(db, input.userId);
    if (subscription?.planType !== 'business') {
      throw new AppError('FORBIDDEN', MESSAGES.seatsNotBusiness);
    }
    const preview = seatChargePreview({
      plan: planOf(subscription),
      seats: Math.max(0, input.seats),
      period: { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
      now: deps.now(),
    });
    return { ...preview, userQuantity: subscription.userQuantity + Math.max(0, input.seats) };
  }

  /**
   * Teams: sets the Business subscription's user count. More users are charged at once (prorated, as
   * previewSeatCharge says); fewer take effect at once with nothing refunded. The same `idempotencyKey` charges
   * and changes once, however often it is sent.
   */
  async function changeSeatCount(input: { userId: string; userQuantity: number; idempotencyKey: string }) {
    if (!Number.isInteger(input.userQuantity) || input.userQuantity < 1) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.required);
    }
    const subscription = await repo.findSubscription(db, input.userId);
    if (subscription?.planType !== 'business') {
      throw new AppError('FORBIDDEN', MESSAGES.seatsNotBusiness);
    }
    const chargeKey = `${repo.seatChargeKeyPrefix(subscription.id)}${input.idempotencyKey}`;
    const done = await repo.findInvoiceByKey(db, chargeKey);
    if (done?.status === 'paid') return subscriptionOf(input.userId);
    const added = input.userQuantity - subscription.userQuantity;
    if (added <= 0) {
      await repo.updateSubscription(db, subscription.id, { userQuantity: input.userQuantity });
      return subscriptionOf(input.userId);
    }
    const card = await repo.findCard(db, input.userId);
    if (!card) throw new AppError('PAYMENT_FAILED', MESSAGES.cardRequired);
    const preview = seatChargePreview({
      plan: planOf(subscription),
      seats: added,
      period: { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
      now: deps.now(),
    });
    const invoice =
      done ??
      (await repo.insertInvoice(db, {
        userId: input.userId,
        kind: 'plan',
        chargeKey,
        amountCents: preview.chargeCents,
        description: `${added} added user(s), rest of the period`,
        lines: [
          {
            description: `Added users, ${planLabel(planOf(subscription))} (rest of the period)`,
            quantity: added,
            unitCents: Math.round(preview.chargeCents / added),
            totalCents: preview.chargeCents,
          },
        ],
      })) ??
      (await repo.findInvoiceByKey(db, chargeKey));
    if (!invoice) throw new Error('seat invoice missing');
    const chargeRef = await charge(card, invoice);
    await deps.jobs.transaction(db, async (tx, queue) => {
      await repo.lockUserForBilling(tx, input.userId);
      // A call with the same key at the same moment charged under the same key (one payment) and may have settled
      // it first: the count and the paid amount move with the invoice's one move to paid.
      if (!(await repo.settleInvoiceOnce(tx, invoice.id, chargeRef))) return;
      await repo.addPaidSeats(tx, subscription.id, {
        userQuantity: input.userQuantity,
        paidCents: invoice.amountCents,
      });
      await queue(deps.billingJobs.invoicePdfs, { invoiceIds: [invoice.id] });
    });
    return subscriptionOf(input.userId);
  }

  /**
   * After a removal, in its transaction: a Business subscription counting more users than `people` is lowered to them
   * (the next renewal charges those left). Each seat freed by a removed pending invitation (bought, never taken) gives
   * the rest of the period's price back as the account's credit, which the next charges use; a member's seat was
   * taken and gives nothing back.
   */
  async function releaseSeats(tx: Db, input: { userId: string; people: number; untakenSeats: number }) {
    const subscription = await repo.lockSubscription(tx, input.userId);
    const people = Math.max(input.people, 1);
    if (subscription?.planType !== 'business' || subscription.userQuantity <= people) return;
    const untaken = Math.min(subscription.userQuantity - people, input.untakenSeats);
    const creditCents =
      untaken > 0
        ? seatChargePreview({
            plan: planOf(subscription),
            seats: untaken,
            period: { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
            now: deps.now(),
          }).chargeCents
        : 0;
    await repo.releaseSeats(tx, subscription.id, { userQuantity: people, creditCents });
  }

  return {
    async getCard(input: { userId: string }) {
      const row = await repo.findCard(db, input.userId);
      return row ? toCard(row) : null;
    },
    async addCard(input: { userId: string; card: CardForm }) {
      return saveCard(input.userId, input.card);
    },
    async updateCard(input: { userId: string; card: CardForm }) {
      return saveCard(input.userId, input.card);
    },

    async updateBillingDetails(input: { userId: string; details: BillingDetails }) {
      const details = Object.fromEntries(
        Object.entries(input.details).map(([key, value]) => [key, value === '' ? null : value]),
      ) as BillingDetails;
      await updateUser(db, input.userId, { billingDetails: details });
      return details;
    },

    async listPlans(input: { userId: string }) {
      const user = await requireUser(input.userId);
      const plans = PLAN_DURATIONS.flatMap((duration) =>
        PLAN_TYPES.map((type) => {
          const plan = { type, duration };
          const price = planPrice(plan);
          return {
            ...plan,
            rank: planRank(plan),
            amount: formatMoney(price.amountCents),
            discountAmount: formatMoney(price.discountCents),
            pricePerMonth: formatMoney(price.perMonthCents),
            isPerUser: PER_USER_PLANS.includes(type),
            documentsPerMonth: type === 'free' ? FREE_PLAN_DOCUMENTS_PER_MONTH : -1,
            templateLimit: TEMPLATE_LIMITS[type],
          };
        }),
      );
      return { current: planOf(user), isAppSumo: user.appSumoCodes > 0, appSumoCodes: user.appSumoCodes, plans };
    },

    changePlan,

    async getSubscription(input: { userId: string }) {
      return subscriptionOf(input.userId);
    },

    /** POST subscriptions/cancel: Free monthly at once; a lifetime plan cannot be cancelled. */
    async cancelSubscription(input: { userId: string }) {
      const user = await requireUser(input.userId);
      if (user.appSumoCodes > 0) throw new AppError('FORBIDDEN', MESSAGES.lifetimeCannotCancel);
      await moveToFree(user.id);
      return { message: MESSAGES.subscriptionRemoved, subscription: await subscriptionOf(user.id) };
    },

    async listInvoices(input: { userId: string; kind?: 'plan' | 'api' | undefined }) {
      const rows = await repo.listInvoices(db, { userId: input.userId, kind: input.kind });
      return rows.map((row) => ({
        id: row.id,
        number: invoiceNumber(row),
        createdAt: row.createdAt.toISOString(),
        amount: formatMoney(row.amountCents),
        currency: row.currency,
        description: row.description,
        pdfKey: row.pdfKey,
      }));
    },

    previewSeatCharge,
    changeSeatCount,
    releaseSeats,
  };
}
export type BillingService = ReturnType<typeof billingService>;
