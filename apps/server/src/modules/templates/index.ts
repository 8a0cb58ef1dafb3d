/** What the templates module offers other modules (the lint's dependency check allows nothing else). */
export type { TemplateService } from './templates.service.js';
