/** What the webhooks module offers other modules (the lint's dependency check allows nothing else). */
export type { WebhookService } from './webhooks.service.js';
