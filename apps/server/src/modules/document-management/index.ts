/** What the document-list module offers other modules (the lint's dependency check allows nothing else). */

export type { AttachmentService } from './attachments.service.js';
export type { DocumentManagementService } from './document-management.service.js';
export type { LifecycleService } from './lifecycle.service.js';
