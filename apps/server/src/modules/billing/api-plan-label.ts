import { API_PLAN_NAMES, type ApiPlanType, type PlanDuration } from '@esign/shared';

/** An API plan as invoices and mails name it: 'API Gold plan, monthly'. */
export const apiPlanLabel = (type: ApiPlanType, duration: PlanDuration) =>
  `API ${API_PLAN_NAMES[type]} plan, ${duration}`;
