/** What the sealing module offers other modules (the lint's dependency check allows nothing else). */

export { compareAuditTrail, parseEmbeddedAuditTrail } from './audit-trail.js';
export type { SealingJobs } from './sealing.jobs.js';
