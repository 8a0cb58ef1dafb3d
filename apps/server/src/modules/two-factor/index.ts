/** What the two-factor module offers other modules (the lint's dependency check allows nothing else). */
export { smsCodeText } from './secrets.js';
export type { TwoFactorService } from './two-factor.service.js';
