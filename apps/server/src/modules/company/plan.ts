import type { PlanType } from '@esign/shared';

/**
 * The account's plan, read in one place: `users.plan_type` today. Billing (its own branch) may keep the plan
 * elsewhere; only this function changes then.
 */
export function accountPlanOf(user: { planType: PlanType }): PlanType {
  return user.planType;
}
