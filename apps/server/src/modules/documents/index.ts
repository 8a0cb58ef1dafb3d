/** What the documents module offers other modules (the lint's dependency check allows nothing else). */

export { type DetectedFile, detectFile } from './detect.js';
export { checkUploadName, type DocumentService } from './documents.service.js';
export { prefilledText, replaceFields } from './fields.js';
export { assignFoundFields } from './found-fields.js';
