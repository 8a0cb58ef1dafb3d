/** What the billing module offers other modules (the lint's dependency check allows nothing else). */
export type { ApiPlanService } from './api-plans.service.js';
export type { BillingService } from './billing.service.js';
