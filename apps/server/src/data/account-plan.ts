import { isBusinessAccount, type PlanType } from '@esign/shared';

/**
 * The account's plan as branding asks it: Business for a Business plan and for the lifetime (AppSumo) deals, which
 * are Business accounts (packages/shared billing.ts `isBusinessAccount`).
 */
export function accountPlanOf(user: { planType: PlanType; appSumoCodes: number }): PlanType {
  return isBusinessAccount(user) ? 'business' : user.planType;
}
