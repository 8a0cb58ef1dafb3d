/** What the two-factor module offers other modules (the lint's dependency check allows nothing else). */
export type { PasskeyService } from './passkeys.service.js';
export { smsCodeText } from './secrets.js';
export { passkeyRefused, type TwoFactorService } from './two-factor.service.js';
