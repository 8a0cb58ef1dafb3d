/** What the signing module offers other modules (the lint's dependency check allows nothing else). */
export { signAccessToken } from './signing.routes.js';
export type { SignerService } from './signing.service.js';
