/** What the auth module offers other modules (the lint's dependency check allows nothing else). */
export type { AuthMailJobs } from './auth.mails.js';
export { countSignInAttempt } from './sign-in-limits.js';
