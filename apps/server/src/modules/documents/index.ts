/** What the documents module offers other modules (the lint's dependency check allows nothing else). */
export { checkUploadName, type DocumentService } from './documents.service.js';
export { replaceFields } from './fields.js';
