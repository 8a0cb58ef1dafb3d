/** What the sending module offers other modules (the lint's dependency check allows nothing else). */
export type { CorrectionService } from './corrections.service.js';
export { replaceSigner } from './corrections.service.js';
export type { SignerMailJobs } from './invitation.mails.js';
export type { LifecycleMailJobs } from './lifecycle.mails.js';
export type { SendingService } from './sending.service.js';
export { signersWhoseTurnItIs } from './turns.js';
