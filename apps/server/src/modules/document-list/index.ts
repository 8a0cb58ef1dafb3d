/** What the document-list module offers other modules (the lint's dependency check allows nothing else). */
export type { DocumentListService } from './document-list.service.js';
