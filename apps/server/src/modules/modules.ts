import type { Platform } from '../platform/http/types.js';
import { accountModules } from './account-modules.js';
import type { AppModule, ModuleOptions } from './app-module.js';
import type { AuthService } from './auth/auth.service.js';
import { documentModules } from './document-modules.js';
import { operationModules } from './operation-modules.js';
import type { WebhookService } from './webhooks/webhooks.service.js';

export type { AppModule, ModuleOptions } from './app-module.js';

/**
 * Every module of the application and how they depend on each other: the composition root, in three parts that
 * depend on each other in one direction (accounts, then documents, then operations: each file builds its modules'
 * services and lists their entries). A new module is one more entry in its part, and `buildApp` registers them all.
 * The auth service is answered too, for the one `requireUser` pre-handler every `auth: 'user'` route runs.
 */
export function appModules(
  platform: Platform,
  options: ModuleOptions,
): { modules: AppModule[]; auth: AuthService; webhooks: WebhookService } {
  const accounts = accountModules(platform);
  const { modules: documentEntries, ...documents } = documentModules(platform, options, { auth: accounts.auth });
  const operations = operationModules(platform, accounts, documents);
  return {
    modules: [...accounts.modules, ...documentEntries, ...operations.modules],
    auth: accounts.auth,
    webhooks: operations.webhooks,
  };
}
