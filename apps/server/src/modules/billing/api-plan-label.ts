import type { ApiPlanType, PlanDuration } from '@esign/shared';

export const API_PLAN_NAMES: Record<ApiPlanType, string> = {
  free: 'Free',
  gold: 'Gold',
  platinum: 'Platinum',
  titanium: 'Titanium',
  appsumo_standard: 'AppSumo Standard',
  appsumo_full: 'AppSumo Full',
};

/** An API plan as invoices and mails name it: 'API Gold plan, monthly'. */
export const apiPlanLabel = (type: ApiPlanType, duration: PlanDuration) =>
  `API ${API_PLAN_NAMES[type]} plan, ${duration}`;
