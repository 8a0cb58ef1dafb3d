import { ACTIVE_CONTENT_STATES, type PdfMetadata } from '@esign/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /**
     * Bumped by database triggers whenever anything the user's document lists show changes
     * (drizzle/0008_list_triggers.sql); read with the user on every request, it keys the lists' answer cache
     * (modules/document-list).
     */
    documentsVersion: bigint('documents_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

/**
 * A sign-in: its refresh tokens are one family (the session's id), and every access token names it (`sid`). Logout,
 * a replayed refresh token and a password change end it; the per-request user lookup refuses tokens of an ended one.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
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
    /** Signers sign one after another, by order. */
    isOrdered: boolean('is_ordered').notNull().default(false),
    /** The access password signers must type before the document opens (shown to the owner only). */
    codeAccess: text('code_access'),
    testMode: boolean('test_mode').notNull().default(false),
    /** Where a signer goes after signing (http or https only). */
    redirectionPage: text('redirection_page'),
    remindersDisabled: boolean('reminders_disabled').notNull().default(false),
    /** The sealed PDF: fields stamped, certificate of completion appended, PAdES-signed. */
    resultPdfFileKey: text('result_pdf_file_key'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('documents_user_status_created_idx').on(table.userId, table.status, table.createdAt),
    // The lists (see modules/document-list): each ordering and filter walks an index of live documents.
    index('documents_list_created_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('documents_list_status_idx')
      .on(table.userId, table.status, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('documents_list_title_idx')
      .on(table.userId, sql`lower(${table.title})`, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('documents_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
  ],
);

/**
 * The number of live documents (deletedAt null) of each owner, status and type, kept by database triggers
 * (drizzle/0008_list_triggers.sql) so the unfiltered lists' totals never count rows.
 */
export const documentCounts = pgTable(
  'document_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    type: text('type').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.status, table.type] })],
);

/**
 * The same counts per day of creation (UTC), kept by the same triggers: a deep page of a list by date finds
 * the day it starts in from these sums and skips only that day's rows, not every row before it.
 */
export const documentDayCounts = pgTable(
  'document_day_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    status: text('status').notNull(),
    type: text('type').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day, table.status, table.type] })],
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
    /** What became of the PDF's active content (scripts, launch and automatic actions); null: none found. */
    activeContent: text('active_content', { enum: ACTIVE_CONTENT_STATES }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('document_parts_document_idx').on(table.documentId, table.order)],
);

export const signers = pgTable(
  'signers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The account behind the signer, when there is one (the preparer always). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Role name of templates and forms. */
    role: text('role'),
    /** The preparer has order -1; other signers count from 1. */
    order: integer('order').notNull(),
    isPreparer: boolean('is_preparer').notNull().default(false),
    isFinished: boolean('is_finished').notNull().default(false),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When one of the signer's links was locked by wrong access codes; cleared when a new link is issued. */
    accessLockedAt: timestamp('access_locked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('signers_document_idx').on(table.documentId, table.order),
    index('signers_email_idx').on(sql`lower(${table.email})`),
    index('signers_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('signers_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
  ],
);

/**
 * Signing-link tokens: 256 random bits, only their SHA-256 stored, bound to one signer of one document.
 * Revoked (not deleted) when the document goes back to draft.
 */
export const signingTokens = pgTable(
  'signing_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The document's access code was typed correctly with this token. */
    codeConfirmedAt: timestamp('code_confirmed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('signing_tokens_hash_key').on(table.tokenHash),
    index('signing_tokens_signer_idx').on(table.signerId),
  ],
);

export const FIELD_TYPE_VALUES = ['signature', 'initials', 'date', 'text', 'checkbox'] as const;

/** A field placed on a page. Coordinates and sizes are PDF points on the page as displayed, origin top-left. */
export const documentFields = pgTable(
  'document_fields',
  {
    /** Chosen by the editor (a UUID), so an edit and its auto-save name the same field. */
    id: uuid('id').primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => signers.id, { onDelete: 'set null' }),
    type: text('type', { enum: FIELD_TYPE_VALUES }).notNull(),
    /** 1-based page of the combined PDF. */
    pageNumber: integer('page_number').notNull(),
    coordinateX: doublePrecision('coordinate_x').notNull(),
    coordinateY: doublePrecision('coordinate_y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    required: boolean('required').notNull().default(true),
    checked: boolean('checked').notNull().default(false),
    text: text('text'),
    placeholder: text('placeholder'),
    dateFormat: text('date_format'),
    fontFamily: text('font_family'),
    fontSize: integer('font_size'),
    requisiteId: uuid('requisite_id'),
    createdAt: createdAt(),
  },
  (table) => [index('document_fields_document_idx').on(table.documentId, table.pageNumber)],
);

export const ACTIVITY_TYPE_VALUES = ['create', 'update', 'send', 'view', 'sign', 'complete', 'revert'] as const;

/** The audit trail. Rows are only ever inserted: never updated, never deleted (but with their document). */
export const documentActivities = pgTable(
  'document_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ACTIVITY_TYPE_VALUES }).notNull(),
    /** The account that acted (owner), if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The signers the activity concerns (who was sent to, who viewed or signed). */
    signerIds: jsonb('signer_ids').$type<string[]>().notNull().default([]),
    sourceIp: text('source_ip'),
    userAgent: text('user_agent'),
    /** What else was recorded: the consent text agreed to, the SHA-256 of a PDF, and so on. */
    details: jsonb('details').$type<Record<string, string>>(),
    createdAt: createdAt(),
    /** Insertion order: rows written in one transaction share its instant and keep the order they were made in. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
  },
  (table) => [index('document_activities_document_idx').on(table.documentId, table.createdAt)],
);

/** Viewers a completed document was shared with. */
export const documentRecipients = pgTable(
  'document_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('document_recipients_document_idx').on(table.documentId)],
);

/**
 * Wrong access-code guesses, counted in a window (stateless API nodes) per signer and address, and per signing link.
 * `ip` is the address's key (platform/http/address-key).
 */
export const accessCodeFailures = pgTable(
  'access_code_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id').references(() => signingTokens.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('access_code_failures_signer_idx').on(table.signerId, table.createdAt),
    index('access_code_failures_token_idx').on(table.tokenId, table.createdAt),
  ],
);

/** Saved signatures and initials: a user's, or a signer's (who has no account). */
export const requisites = pgTable(
  'requisites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => signers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['sign', 'initial'] }).notNull(),
    valueType: text('value_type', { enum: ['text', 'draw', 'upload'] }).notNull(),
    /** The typed text (valueType text). */
    text: text('text'),
    /** The image (PNG) in storage: drawn, uploaded, or the typed text rendered. */
    fileKey: text('file_key'),
    /** The signature's initials, or the initials' signature: always saved as a pair. */
    siblingId: uuid('sibling_id'),
    fontFamily: text('font_family'),
    fontSize: integer('font_size'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('requisites_user_idx').on(table.userId, table.createdAt),
    index('requisites_signer_idx').on(table.signerId, table.createdAt),
  ],
);

/**
 * Download links mailed after completion: 256 random bits, only the SHA-256 stored. One per recipient: the
 * owner (signerId null) and every signer.
 */
export const downloadLinks = pgTable(
  'download_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => signers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('download_links_hash_key').on(table.tokenHash),
    index('download_links_document_idx').on(table.documentId),
  ],
);
