import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * An account's company branding (spec part 2, section 3), keyed by the account owner's user id: a row exists once
 * the owner saved it. Its effects (mails, signer page, signature types, redirection, access codes, certificate) are
 * read through `companyOfDocumentOwner` (modules/company).
 */
export const companySettings = pgTable('company_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The stored 280x50 logo (users/{id}/company-logo/{uuid}.png). */
  companyLogoKey: text('company_logo_key'),
  companyName: text('company_name'),
  /** The 'From' name of the mails sent for the company's documents. */
  companyEmail: text('company_email'),
  /** The closing signature of those mails. */
  emailTemplate: text('email_template'),
  redirectionPage: text('redirection_page'),
  tagline: text('tagline'),
  industry: text('industry'),
  isDrawnSignaturesAvailable: boolean('is_drawn_signatures_available').notNull().default(true),
  isUploadedSignaturesAvailable: boolean('is_uploaded_signatures_available').notNull().default(true),
  isTypedSignaturesAvailable: boolean('is_typed_signatures_available').notNull().default(true),
  enableSignerAccessCodes: boolean('enable_signer_access_codes').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
