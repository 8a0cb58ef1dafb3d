import type { PLAN_DURATIONS, PlanType } from '../api/constants.js';
import { startOfMonthIn, timeZoneOrUtc } from './account-settings.js';

/**
 * Plans and prices (spec part 2, section 9), zod-free: the browser and the server read the same table. Money is in
 * whole cents everywhere; `formatMoney` shows it with 2 decimals.
 *
 * Price reading: the spec gives two. This product uses the first, which the direct-purchase prices confirm:
 * Personal $20 a month, Business $30 per user a month; annually 20% off, shown as $16 and $24 a month and charged
 * $192 and $288 a year per user. (The other reading, 10/96 and 15/144, is not used anywhere.)
 */
export type PlanDuration = (typeof PLAN_DURATIONS)[number];
export interface Plan {
  type: PlanType;
  duration: PlanDuration;
}

export const CURRENCY = 'USD';
export const ANNUAL_DISCOUNT_PERCENT = 20;
/** The list price of one user for one month, by plan. */
export const MONTHLY_PRICE_CENTS = { free: 0, personal: 2000, business: 3000 } as const satisfies Record<
  PlanType,
  number
>;
/** Plans that are bought per user (the others have one user). */
export const PER_USER_PLANS: readonly PlanType[] = ['business'];

/** Section 4: Select / Upgrade / Current Plan compare these ranks. */
export const PLAN_RANKS = {
  monthly: { free: 0, personal: 1, business: 2 },
  annually: { free: 0, personal: 3, business: 4 },
} as const satisfies Record<PlanDuration, Record<PlanType, number>>;

export function planRank(plan: Plan): number {
  return PLAN_RANKS[plan.duration][plan.type];
}

export type PlanButton = 'current' | 'upgrade' | 'select';
/** The button of a plan's column: 'Current Plan' for the user's own, 'Upgrade' for a higher rank, else 'Select'. */
export function planButton(current: Plan, target: Plan): PlanButton {
  const isSame = current.type === target.type && (current.type === 'free' || current.duration === target.duration);
  if (isSame) return 'current';
  return planRank(target) > planRank(current) ? 'upgrade' : 'select';
}

export interface PlanPrice {
  /** One user's list price for the whole period (a month or a year). */
  amountCents: number;
  /** One user's discount for the period (the annual 20%). */
  discountCents: number;
  /** What one user pays a month (annual: the year's price after the discount, divided by 12). */
  perMonthCents: number;
}

export function planPrice(plan: Plan): PlanPrice {
  const monthly = MONTHLY_PRICE_CENTS[plan.type];
  if (plan.duration === 'monthly') return { amountCents: monthly, discountCents: 0, perMonthCents: monthly };
  const amountCents = monthly * 12;
  const discountCents = Math.round((amountCents * ANNUAL_DISCOUNT_PERCENT) / 100);
  return { amountCents, discountCents, perMonthCents: Math.round((amountCents - discountCents) / 12) };
}

/** Section 9: total = userQuantity x amount - discountQuantity x discountAmount (per month or year). */
export function subscriptionTotalCents(info: {
  userQuantity: number;
  amountCents: number;
  discountQuantity: number;
  discountAmountCents: number;
}): number {
  return Math.max(0, info.userQuantity * info.amountCents - info.discountQuantity * info.discountAmountCents);
}

/** What one period of a plan costs for `userQuantity` users (every user gets the annual discount). */
export function planTotalCents(plan: Plan, userQuantity: number): number {
  const price = planPrice(plan);
  return subscriptionTotalCents({
    userQuantity,
    amountCents: price.amountCents,
    discountQuantity: userQuantity,
    discountAmountCents: price.discountCents,
  });
}

/** '20.00' from 2000 cents. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Section 9: the next billing date as 'MMMM DD, YYYY' ('January 05, 2027'), the day in UTC. */
export function formatBillingDate(instant: Date): string {
  const day = String(instant.getUTCDate()).padStart(2, '0');
  return `${MONTH_NAMES[instant.getUTCMonth()]} ${day}, ${instant.getUTCFullYear()}`;
}

/**
 * The end of a billing period that starts at `start`: the same day one month (or year) later, at the same time; a
 * day the later month lacks becomes its last day (January 31 -> February 28 or 29).
 */
export function periodEnd(start: Date, duration: PlanDuration): Date {
  const months = duration === 'monthly' ? 1 : 12;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/** The part of the period [start, end) still to come at `now`, between 0 and 1. */
export function remainingFraction(period: { start: Date; end: Date }, now: Date): number {
  const length = period.end.getTime() - period.start.getTime();
  if (length <= 0) return 0;
  return Math.min(1, Math.max(0, (period.end.getTime() - now.getTime()) / length));
}

/** The unused part of what was paid for a period, at `now`, in whole cents (rounded down: never over-credited). */
export function unusedCreditCents(paidCents: number, period: { start: Date; end: Date }, now: Date): number {
  return Math.floor(paidCents * remainingFraction(period, now));
}

/**
 * A plan change to a paid plan starts a new period now. What it charges: the new period's total, less the unused
 * part of the current period's payment and any credit the account holds. A downgrade whose credit exceeds the new
 * total charges nothing and keeps the rest as credit for the next charges.
 */
export function planChangeCharge(input: {
  targetTotalCents: number;
  /** The current paid period, if any (what was paid for it and when it runs). */
  current?: { paidCents: number; start: Date; end: Date } | undefined;
  creditCents: number;
  now: Date;
}): { chargeCents: number; creditUsedCents: number; creditLeftCents: number; prorationCents: number } {
  const prorationCents = input.current ? unusedCreditCents(input.current.paidCents, input.current, input.now) : 0;
  const available = prorationCents + input.creditCents;
  const creditUsedCents = Math.min(available, input.targetTotalCents);
  return {
    chargeCents: input.targetTotalCents - creditUsedCents,
    creditUsedCents,
    creditLeftCents: available - creditUsedCents,
    prorationCents,
  };
}

/**
 * Section 9, team pricing: an added user costs the subscription's amount less its discount, per period ('/mo' or
 * '/yr'); added mid-period, the charge now is that price for the part of the period still to come.
 */
export function seatChargePreview(input: {
  plan: Plan;
  seats: number;
  period: { start: Date; end: Date };
  now: Date;
}): { perSeatCents: number; periodCents: number; chargeCents: number; label: '/mo' | '/yr' } {
  const price = planPrice(input.plan);
  const perSeatCents = price.amountCents - price.discountCents;
  const periodCents = perSeatCents * input.seats;
  return {
    perSeatCents,
    periodCents,
    chargeCents: Math.round(periodCents * remainingFraction(input.period, input.now)),
    label: input.plan.duration === 'monthly' ? '/mo' : '/yr',
  };
}

/**
 * Section 9: the free plan's signature requests are counted per calendar month in the user's time zone (an IANA
 * name; none: UTC). The instant that month began.
 */
export function quotaMonthStart(now: Date, timezone: string | null): Date {
  return startOfMonthIn(now, timeZoneOrUtc(timezone));
}

/**
 * The one quota rule the header counter and the send check both read: documents counted since `countedSince` belong
 * to the current month only when that month began at or before it; otherwise the month has turned and none are used.
 */
export function documentsUsedThisMonth(
  user: { freeDocumentsUsed: number; freeDocumentsCountedSince: Date | string },
  monthStart: Date,
): number {
  return new Date(user.freeDocumentsCountedSince).getTime() >= monthStart.getTime() ? user.freeDocumentsUsed : 0;
}

/** Section 9: where the user heard of the product, asked once before the first paid plan. */
export const PAYMENT_SURVEY_OPTIONS = [
  'Google Search',
  'Google Ad',
  'Facebook',
  'LinkedIn',
  'Bing',
  'Yahoo',
  'Quora',
  'Referral',
  'Other',
] as const;
export const PAYMENT_SURVEY_OTHER_MAX = 200;

/** Sandbox cards and declines retry: a declined renewal is tried again this many times a day apart, then Free. */
export const RENEWAL_RETRY_LIMIT = 3;
export const RENEWAL_RETRY_HOURS = 24;

/** The kinds of account a plan check tells apart (teams and forms ask this, not the columns). */
export type AccountPlanKind = 'free' | 'personal' | 'business' | 'appsumo_standard' | 'appsumo_full';

/**
 * The account's plan as the rest of the product asks it: lifetime (AppSumo) codes redeemed make a Business account
 * of the lifetime tier (1 code: standard, 2: full), whatever the columns say.
 */
export function accountPlanKind(user: { planType: PlanType; appSumoCodes: number }): AccountPlanKind {
  if (user.appSumoCodes >= 2) return 'appsumo_full';
  if (user.appSumoCodes === 1) return 'appsumo_standard';
  return user.planType;
}

export function isBusinessAccount(user: { planType: PlanType; appSumoCodes: number }): boolean {
  const kind = accountPlanKind(user);
  return kind === 'business' || kind === 'appsumo_standard' || kind === 'appsumo_full';
}

/** Lifetime (AppSumo) deal, section 9: one code Business with 3 users, two codes unlimited users; 2 codes at most. */
export const APPSUMO_MAX_CODES = 2;
export const APPSUMO_STANDARD_USERS = 3;
export const APPSUMO_CODE_LENGTH = 10;
export const APPSUMO_TIERS = [
  { codes: 1, name: 'Business Plan', priceCents: 5900, users: 3 },
  { codes: 2, name: 'Unlimited Business Plan', priceCents: 11800, users: -1 },
] as const;

/**
 * Users an account may have on its team without buying more seats (-1: unlimited): lifetime standard 3, lifetime
 * full unlimited, Business its subscription's userQuantity, other plans only the owner.
 */
export function includedUsers(user: { planType: PlanType; appSumoCodes: number; userQuantity: number }): number {
  const kind = accountPlanKind(user);
  if (kind === 'appsumo_full') return -1;
  if (kind === 'appsumo_standard') return Math.max(APPSUMO_STANDARD_USERS, user.userQuantity);
  if (kind === 'business') return Math.max(1, user.userQuantity);
  return 1;
}

/** API plans (section 9): ranks, prices and monthly request limits. */
export const API_PLAN_TYPES = ['free', 'gold', 'platinum', 'titanium', 'appsumo_standard', 'appsumo_full'] as const;
export type ApiPlanType = (typeof API_PLAN_TYPES)[number];
export const PURCHASABLE_API_PLANS = ['gold', 'platinum', 'titanium'] as const;
export type PurchasableApiPlan = (typeof PURCHASABLE_API_PLANS)[number];

export const API_PLANS = {
  free: { monthlyCents: 0, annualCents: 0, requestsPerMonth: 0, templates: 0, ranks: [0, 0] },
  gold: { monthlyCents: 9900, annualCents: 94800, requestsPerMonth: 50, templates: 5, ranks: [1, 4] },
  platinum: { monthlyCents: 29900, annualCents: 286800, requestsPerMonth: 150, templates: 25, ranks: [2, 5] },
  titanium: { monthlyCents: 49900, annualCents: 478800, requestsPerMonth: 500, templates: -1, ranks: [3, 6] },
  appsumo_standard: { monthlyCents: 0, annualCents: 0, requestsPerMonth: 25, templates: 0, ranks: [0, 0] },
  appsumo_full: { monthlyCents: 0, annualCents: 0, requestsPerMonth: 50, templates: 0, ranks: [0, 0] },
} as const satisfies Record<
  ApiPlanType,
  { monthlyCents: number; annualCents: number; requestsPerMonth: number; templates: number; ranks: [number, number] }
>;

/** The API plans' names, as the plan chooser and the invoices write them. */
export const API_PLAN_NAMES: Record<ApiPlanType, string> = {
  free: 'Free',
  gold: 'Gold',
  platinum: 'Platinum',
  titanium: 'Titanium',
  appsumo_standard: 'AppSumo Standard',
  appsumo_full: 'AppSumo Full',
};

export function apiPlanRank(plan: { type: ApiPlanType; duration: PlanDuration }): number {
  return API_PLANS[plan.type].ranks[plan.duration === 'monthly' ? 0 : 1];
}

export function apiPlanPriceCents(plan: { type: ApiPlanType; duration: PlanDuration }): number {
  const entry = API_PLANS[plan.type];
  return plan.duration === 'monthly' ? entry.monthlyCents : entry.annualCents;
}
