/**
 * The database tables, one file per domain under schema/. Everything that reads or writes the database imports
 * them from here, and drizzle-kit generates the migrations (drizzle/) from this file.
 */
export * from './schema/accounts.js';
export * from './schema/activity.js';
export * from './schema/api.js';
export * from './schema/billing.js';
export * from './schema/bulk-send.js';
export * from './schema/company.js';
export * from './schema/documents.js';
export * from './schema/events.js';
export * from './schema/forms.js';
export * from './schema/integrations.js';
export * from './schema/jobs.js';
export * from './schema/mail.js';
export * from './schema/requisites.js';
export * from './schema/retention.js';
export * from './schema/signing.js';
export * from './schema/sso.js';
export * from './schema/teams.js';
export * from './schema/two-factor.js';
