import type { PdfMetadata } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Access tokens issued before this instant are refused (set by a password change). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    avatarUrl: text('avatar_url'),
    timezone: text('timezone'),
    dateFormat: text('date_format', { enum: ['MM/DD/YYYY', 'DD/MM/YYYY', 'MM/DD/YY', 'DD/MM/YY'] })
      .notNull()
      .default('MM/DD/YYYY'),
    planType: text('plan_type', { enum: ['free', 'personal', 'business'] })
      .notNull()
      .default('free'),
    planDuration: text('plan_duration', { enum: ['monthly', 'annually'] })
      .notNull()
      .default('monthly'),
    freeDocumentsUsed: integer('free_documents_used').notNull().default(0),
    freeDocumentsUsedLimit: integer('free_documents_used_limit').notNull().default(3),
    templateLimit: integer('template_limit').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Every rotation keeps the family; reuse of a rotated token revokes the whole family. */
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_family_idx').on(table.familyId),
  ],
);

/** Single-use tokens sent by e-mail: e-mail confirmation and password reset. Only their hash is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_tokens_hash_key').on(table.tokenHash),
    index('email_tokens_user_idx').on(table.userId, table.purpose),
  ],
);

export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('sign_in_failures_email_idx').on(table.email, table.createdAt),
    index('sign_in_failures_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** Mail kept in the database while no SMTP server is configured (the embedded default). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_created_idx').on(sql`${table.createdAt} desc`)],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    message: text('message'),
    type: text('type', { enum: ['me', 'me_and_other', 'others', 'template', 'form_request'] }).notNull(),
    status: text('status', { enum: ['api', 'draft', 'awaiting', 'completed', 'active', 'replica', 'preparing'] })
      .notNull()
      .default('draft'),
    /** The parts combined in order; null until every part is converted (and again after a change). */
    pdfFileKey: text('pdf_file_key'),
    pdfMetadata: jsonb('pdf_metadata').$type<PdfMetadata>(),
    /** Bumped by every change of the parts; a combine job only stores its result for the revision it read. */
    partsRevision: integer('parts_revision').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('documents_user_status_created_idx').on(table.userId, table.status, table.createdAt)],
);

export const documentParts = pgTable(
  'document_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    originalFileName: text('original_file_name').notNull(),
    originalFileKey: text('original_file_key').notNull(),
    /** The kind detected from the content: pdf, image or office. */
    sourceKind: text('source_kind', { enum: ['pdf', 'image', 'office'] }).notNull(),
    sourceExtension: text('source_extension').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    pdfFileKey: text('pdf_file_key'),
    pdfMetadata: jsonb('pdf_metadata').$type<PdfMetadata>(),
    pagesConverted: integer('pages_converted').notNull().default(0),
    pagesTotal: integer('pages_total'),
    errorText: text('error_text'),
    warningText: text('warning_text'),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('document_parts_document_idx').on(table.documentId, table.order)],
);
