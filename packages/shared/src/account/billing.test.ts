import { describe, expect, it } from 'vitest';
import {
  accountPlanKind,
  apiPlanPriceCents,
  apiPlanRank,
  documentsUsedThisMonth,
  formatBillingDate,
  formatMoney,
  includedUsers,
  periodEnd,
  planButton,
  planChangeCharge,
  planPrice,
  planRank,
  planTotalCents,
  quotaMonthStart,
  seatChargePreview,
  subscriptionTotalCents,
  unusedCreditCents,
} from './billing.js';

const at = (iso: string) => new Date(iso);

describe('plan ranking', () => {
  it('ranks monthly free 0, personal 1, business 2 and annual free 0, personal 3, business 4', () => {
    expect(planRank({ type: 'free', duration: 'monthly' })).toBe(0);
    expect(planRank({ type: 'personal', duration: 'monthly' })).toBe(1);
    expect(planRank({ type: 'business', duration: 'monthly' })).toBe(2);
    expect(planRank({ type: 'free', duration: 'annually' })).toBe(0);
    expect(planRank({ type: 'personal', duration: 'annually' })).toBe(3);
    expect(planRank({ type: 'business', duration: 'annually' })).toBe(4);
  });

  it("reads 'Current Plan', 'Upgrade' for a higher rank and 'Select' for a lower one", () => {
    const personalMonthly = { type: 'personal', duration: 'monthly' } as const;
    expect(planButton(personalMonthly, personalMonthly)).toBe('current');
    expect(planButton(personalMonthly, { type: 'business', duration: 'monthly' })).toBe('upgrade');
    expect(planButton(personalMonthly, { type: 'personal', duration: 'annually' })).toBe('upgrade');
    expect(planButton(personalMonthly, { type: 'free', duration: 'monthly' })).toBe('select');
    // Business monthly (2) against Personal annually (3): the annual personal plan ranks higher.
    expect(planButton({ type: 'personal', duration: 'annually' }, { type: 'business', duration: 'monthly' })).toBe(
      'select',
    );
    // Free is one plan whatever the switch shows.
    expect(planButton({ type: 'free', duration: 'monthly' }, { type: 'free', duration: 'annually' })).toBe('current');
  });
});

describe('prices and totals', () => {
  it('prices Personal $20 and Business $30 a month; annually 20% off, $16 and $24 a month', () => {
    expect(planPrice({ type: 'personal', duration: 'monthly' })).toEqual({
      amountCents: 2000,
      discountCents: 0,
      perMonthCents: 2000,
    });
    expect(planPrice({ type: 'personal', duration: 'annually' })).toEqual({
      amountCents: 24000,
      discountCents: 4800,
      perMonthCents: 1600,
    });
    expect(planPrice({ type: 'business', duration: 'annually' }).perMonthCents).toBe(2400);
    expect(planTotalCents({ type: 'personal', duration: 'annually' }, 1)).toBe(19200);
    expect(planTotalCents({ type: 'business', duration: 'annually' }, 1)).toBe(28800);
    expect(planTotalCents({ type: 'business', duration: 'monthly' }, 3)).toBe(9000);
  });

  it('totals userQuantity x amount - discountQuantity x discountAmount, never below zero', () => {
    expect(
      subscriptionTotalCents({ userQuantity: 3, amountCents: 36000, discountQuantity: 3, discountAmountCents: 7200 }),
    ).toBe(86400);
    expect(
      subscriptionTotalCents({ userQuantity: 1, amountCents: 100, discountQuantity: 2, discountAmountCents: 100 }),
    ).toBe(0);
  });

  it('shows money with 2 decimals and the next billing date as MMMM DD, YYYY', () => {
    expect(formatMoney(2000)).toBe('20.00');
    expect(formatMoney(1605)).toBe('16.05');
    expect(formatMoney(-480)).toBe('-4.80');
    expect(formatBillingDate(at('2027-01-05T10:00:00Z'))).toBe('January 05, 2027');
  });

  it('prices API plans by rank (gold 1-3 monthly, 4-6 annually)', () => {
    expect(apiPlanRank({ type: 'gold', duration: 'monthly' })).toBe(1);
    expect(apiPlanRank({ type: 'titanium', duration: 'annually' })).toBe(6);
    expect(apiPlanPriceCents({ type: 'platinum', duration: 'annually' })).toBe(286800);
  });
});

describe('periods and proration', () => {
  it('ends a period a month or a year later, clamping to the shorter month', () => {
    expect(periodEnd(at('2027-01-31T12:00:00Z'), 'monthly').toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(periodEnd(at('2028-01-31T12:00:00Z'), 'monthly').toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(periodEnd(at('2027-12-15T00:00:00Z'), 'monthly').toISOString()).toBe('2028-01-15T00:00:00.000Z');
    expect(periodEnd(at('2028-02-29T00:00:00Z'), 'annually').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  it('credits the unused part of the period, rounded down', () => {
    const period = { start: at('2027-01-01T00:00:00Z'), end: at('2027-01-31T00:00:00Z') };
    expect(unusedCreditCents(2000, period, at('2027-01-16T00:00:00Z'))).toBe(1000);
    expect(unusedCreditCents(2000, period, at('2027-01-11T00:00:00Z'))).toBe(1333);
    expect(unusedCreditCents(2000, period, at('2027-02-15T00:00:00Z'))).toBe(0);
  });

  it('charges an upgrade the new total less the unused part; a downgrade keeps what is left as credit', () => {
    const current = { paidCents: 2000, start: at('2027-01-01T00:00:00Z'), end: at('2027-01-31T00:00:00Z') };
    const now = at('2027-01-16T00:00:00Z');
    expect(planChangeCharge({ targetTotalCents: 3000, current, creditCents: 0, now })).toEqual({
      chargeCents: 2000,
      creditUsedCents: 1000,
      creditLeftCents: 0,
      prorationCents: 1000,
    });
    const annual = { paidCents: 28800, start: at('2027-01-01T00:00:00Z'), end: at('2028-01-01T00:00:00Z') };
    const downgrade = planChangeCharge({ targetTotalCents: 2000, current: annual, creditCents: 0, now });
    expect(downgrade.chargeCents).toBe(0);
    expect(downgrade.creditUsedCents).toBe(2000);
    expect(downgrade.creditLeftCents).toBe(downgrade.prorationCents - 2000);
    expect(planChangeCharge({ targetTotalCents: 2000, creditCents: 500, now }).chargeCents).toBe(1500);
  });

  it('prices added users at amount minus discount per period, charged for the rest of the period', () => {
    const period = { start: at('2027-01-01T00:00:00Z'), end: at('2027-01-31T00:00:00Z') };
    const monthly = seatChargePreview({
      plan: { type: 'business', duration: 'monthly' },
      seats: 2,
      period,
      now: at('2027-01-16T00:00:00Z'),
    });
    expect(monthly).toEqual({ perSeatCents: 3000, periodCents: 6000, chargeCents: 3000, label: '/mo' });
    const yearly = seatChargePreview({
      plan: { type: 'business', duration: 'annually' },
      seats: 1,
      period: { start: at('2027-01-01T00:00:00Z'), end: at('2028-01-01T00:00:00Z') },
      now: at('2027-01-01T00:00:00Z'),
    });
    expect(yearly).toMatchObject({ perSeatCents: 28800, chargeCents: 28800, label: '/yr' });
  });
});

describe('the monthly quota', () => {
  it('starts the month at local midnight of the 1st in the user time zone', () => {
    // 23:30 UTC on January 31 is already February 1 in Kolkata (+05:30).
    const now = at('2027-01-31T23:30:00Z');
    expect(quotaMonthStart(now, 'Asia/Kolkata').toISOString()).toBe('2027-01-31T18:30:00.000Z');
    expect(quotaMonthStart(now, null).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    // 02:00 UTC on March 1 is still February in New York (-05:00 in winter).
    expect(quotaMonthStart(at('2027-03-01T02:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2027-02-01T05:00:00.000Z',
    );
    // In summer New York is at -04:00: its July began at 04:00 UTC.
    expect(quotaMonthStart(at('2027-07-10T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2027-07-01T04:00:00.000Z',
    );
  });

  it('reads last month count as 0 once the month has turned in the user zone, and this month count as is', () => {
    const user = { freeDocumentsUsed: 3, freeDocumentsCountedSince: at('2027-01-20T00:00:00Z') };
    const before = at('2027-01-31T18:00:00Z');
    const after = at('2027-01-31T19:00:00Z');
    expect(documentsUsedThisMonth(user, quotaMonthStart(before, 'Asia/Kolkata'))).toBe(3);
    expect(documentsUsedThisMonth(user, quotaMonthStart(after, 'Asia/Kolkata'))).toBe(0);
    expect(documentsUsedThisMonth(user, quotaMonthStart(after, null))).toBe(3);
  });
});

describe('the plan check teams call', () => {
  it('tells free, personal, business and the two lifetime tiers apart, with their included users', () => {
    expect(accountPlanKind({ planType: 'free', appSumoCodes: 0 })).toBe('free');
    expect(accountPlanKind({ planType: 'business', appSumoCodes: 1 })).toBe('appsumo_standard');
    expect(accountPlanKind({ planType: 'business', appSumoCodes: 2 })).toBe('appsumo_full');
    expect(includedUsers({ planType: 'business', appSumoCodes: 1, userQuantity: 1 })).toBe(3);
    expect(includedUsers({ planType: 'business', appSumoCodes: 2, userQuantity: 1 })).toBe(-1);
    expect(includedUsers({ planType: 'business', appSumoCodes: 0, userQuantity: 5 })).toBe(5);
    expect(includedUsers({ planType: 'personal', appSumoCodes: 0, userQuantity: 1 })).toBe(1);
  });
});
