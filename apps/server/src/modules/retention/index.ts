/** What the retention module offers other modules (the public API asks the same service). */
export type { RetentionService } from './retention.service.js';
