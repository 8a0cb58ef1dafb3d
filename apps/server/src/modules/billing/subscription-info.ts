import {
  type BillingDetails,
  formatBillingDate,
  formatMoney,
  type Plan,
  type SubscriptionInfo,
  subscriptionTotalCents,
} from '@esign/shared';
import type { SubscriptionRow } from '../../data/billing.js';
import type { UserRow } from '../../data/users.js';

export const planOf = (row: { planType: Plan['type']; planDuration: Plan['duration'] }): Plan => ({
  type: row.planType,
  duration: row.planDuration,
});

/** Section 3, Subscription info: a paid plan's row, or the Free plan's zeros when there is none. */
export function toSubscriptionInfo(user: UserRow, subscription: SubscriptionRow | undefined): SubscriptionInfo {
  const common = {
    isLifetime: user.appSumoCodes > 0,
    hasPaymentSurveyAnswer: user.paymentSurveyAnswer !== null,
    billingDetails: (user.billingDetails as BillingDetails | null) ?? null,
  };
  if (!subscription) {
    return {
      plan: planOf(user),
      status: 'active',
      userQuantity: 1,
      amount: formatMoney(0),
      discountQuantity: 0,
      discountAmount: formatMoney(0),
      addOns: [],
      discounts: [],
      nextBillingDate: null,
      total: formatMoney(0),
      credit: formatMoney(0),
      ...common,
    };
  }
  const discountQuantity = subscription.discountAmountCents > 0 ? subscription.userQuantity : 0;
  const totalCents = subscriptionTotalCents({
    userQuantity: subscription.userQuantity,
    amountCents: subscription.amountCents,
    discountQuantity,
    discountAmountCents: subscription.discountAmountCents,
  });
  const extraUsers = subscription.userQuantity - 1;
  return {
    plan: planOf(subscription),
    status: subscription.status,
    userQuantity: subscription.userQuantity,
    amount: formatMoney(subscription.amountCents),
    discountQuantity,
    discountAmount: formatMoney(subscription.discountAmountCents),
    addOns: extraUsers > 0 ? [{ amount: formatMoney(subscription.amountCents), quantity: extraUsers }] : [],
    discounts:
      discountQuantity > 0
        ? [{ amount: formatMoney(subscription.discountAmountCents), quantity: discountQuantity }]
        : [],
    nextBillingDate: formatBillingDate(subscription.currentPeriodEnd),
    total: formatMoney(totalCents),
    credit: formatMoney(subscription.creditCents),
    ...common,
  };
}

const PLAN_NAMES = { free: 'Free', personal: 'Personal', business: 'Business' } as const;
/** 'Business plan, annually' (invoice lines). */
export function planLabel(plan: Plan): string {
  return `${PLAN_NAMES[plan.type]} plan, ${plan.duration}`;
}
