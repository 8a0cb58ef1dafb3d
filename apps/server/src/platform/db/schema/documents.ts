import {
  ACTIVE_CONTENT_STATES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  FIELD_DATE_FORMATS,
  FIELD_TYPES,
  type FieldSettings,
  type FontId,
  type FoundField,
  LANGUAGES,
  type PdfMetadata,
  RECIPIENT_ROLES,
  SIGNER_VERIFICATIONS,
} from '@esign/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
import { teams, users } from './accounts.js';
import { createdAt } from './columns.js';

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The owner's team, set by a trigger from users.team_id on every insert and change of owner
     * (drizzle/0022_teams.sql), and by the teams service when someone joins: the team's lists walk it.
     */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    message: text('message'),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull().default('draft'),
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
    /** The language of the signers' mails (issue 26); null: English. */
    language: text('language', { enum: LANGUAGES }),
    /** Where a signer goes after signing (http or https only). */
    redirectionPage: text('redirection_page'),
    /**
     * Origins that may frame this document's signer page (embedded signing): the API key's allowed origins when
     * sign_request made it (issue 22); empty: nobody.
     */
    embedOrigins: jsonb('embed_origins').$type<string[]>().notNull().default([]),
    remindersDisabled: boolean('reminders_disabled').notNull().default(false),
    /** Its signers may hand their part on to someone else (issue 36). */
    allowReassign: boolean('allow_reassign').notNull().default(false),
    /** The instant it stops being signable (the end of its expiry date, UTC); null: never (issue 36). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * A template's (or form's) default expiry, in days (1..EXPIRY_MAX_DAYS): each document made from it expires
     * that many days after it is made, unless the caller gives a date; null: none (issue 36).
     */
    expiryDays: integer('expiry_days'),
    /** The smallest 'days before expiry' reminder already sent (EXPIRY_REMINDER_DAYS); null: none yet. */
    expiryRemindedDays: integer('expiry_reminded_days'),
    /** The template a document was made from (its parts, roles and fields were copied at that moment). */
    templateId: uuid('template_id').references((): AnyPgColumn => documents.id, { onDelete: 'set null' }),
    /** A replica's live template, which the replica replaces when merged. */
    sourceTemplateId: uuid('source_template_id').references((): AnyPgColumn => documents.id, { onDelete: 'cascade' }),
    /** The sealed PDF: fields stamped, certificate of completion appended, PAdES-signed. */
    resultPdfFileKey: text('result_pdf_file_key'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    /** The PAdES level the stored result reaches: B-B, or B-LTA with time-stamping authorities (`modules/sealing`). */
    sealLevel: text('seal_level'),
    /** Sealed at B-B while every authority was down: an archive timestamp is owed (retried with back-off). */
    timestampPendingSince: timestamp('timestamp_pending_since', { withTimezone: true }),
    /** When the next archive timestamp is due: before the last one's time-stamping certificate expires. */
    archiveTimestampDueAt: timestamp('archive_timestamp_due_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Every signer's name and e-mail, one per line, kept by triggers on signers (drizzle/0019_search.sql) for the
     * list's signer search: one trigram index on the document row instead of a look into signers per document.
     */
    signerSearch: text('signer_search').notNull().default(''),
    /** A legal hold (issue 39): while set, neither the retention rule nor an erasure removes it. */
    legalHoldAt: timestamp('legal_hold_at', { withTimezone: true }),
    /**
     * Its files and personal data were removed (issue 39, `modules/retention`): the row is a stub keeping its title,
     * dates, the SHA-256 of every file sealed for it and the audit chain's last hash before the removal.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Why: `retention` (the account's rule) or `erasure` (a person's erasure that included completed documents). */
    removedReason: text('removed_reason', { enum: ['retention', 'erasure'] }),
    removedSealedSha256: text('removed_sealed_sha256').array(),
    removedChainHash: text('removed_chain_hash'),
  },
  (table) => [
    index('documents_user_status_created_idx').on(table.userId, table.status, table.createdAt),
    // The lists (see modules/document-management): each ordering and filter walks an index of live documents.
    index('documents_list_created_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('documents_list_status_idx')
      .on(table.userId, table.status, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('documents_list_title_idx')
      .on(table.userId, sql`lower(${table.title})`, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The team's lists (owner and admins): the same walks over the team's live documents.
    index('documents_team_created_idx')
      .on(table.teamId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.teamId} is not null`),
    index('documents_team_status_idx')
      .on(table.teamId, table.status, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.teamId} is not null`),
    index('documents_team_title_idx')
      .on(table.teamId, sql`lower(${table.title})`, table.id)
      .where(sql`${table.deletedAt} is null and ${table.teamId} is not null`),
    // The expiry sweep and its reminders walk the awaiting documents that carry a date, soonest first.
    index('documents_expiring_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'awaiting' and ${table.expiresAt} is not null and ${table.deletedAt} is null`),
    // Whether a stored file is still named before it is deleted (findFileKeysInUse): without it, each batch of a
    // retention run scanned every document.
    index('documents_pdf_file_idx').on(table.pdfFileKey).where(sql`${table.pdfFileKey} is not null`),
    // The retention run's candidates, by id (data/retention.ts): finished documents not yet removed to a stub.
    index('documents_retention_candidates_idx')
      .on(table.id)
      .where(
        sql`${table.removedAt} is null and ${table.type} not in ('template', 'form_request') and (${table.status} in ('declined', 'voided', 'expired') or (${table.status} = 'completed' and ${table.sealedAt} is not null))`,
      ),
    // A document deleted (an erasure, an account's deletion) is looked up in the copies made from it: without these,
    // each deleted row scanned every document twice (100,000 deleted at once ran past 13 minutes).
    index('documents_template_idx').on(table.templateId).where(sql`${table.templateId} is not null`),
    index('documents_source_template_idx').on(table.sourceTemplateId).where(sql`${table.sourceTemplateId} is not null`),
    // The public verify page finds a removed document's sealed file by its SHA-256.
    index('documents_removed_sha256_idx')
      .using('gin', table.removedSealedSha256)
      .where(sql`${table.removedAt} is not null`),
    index('documents_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    index('documents_signer_search_trgm_idx')
      .using('gin', sql`${table.signerSearch} gin_trgm_ops`)
      .where(sql`${table.deletedAt} is null`),
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
    /**
     * The fields found in the converted file (text tags and form fields, issue 37), on the part's own pages; placed
     * on the document when its PDF is set, and assigned to their signer when that signer exists. Null: none.
     */
    foundFields: jsonb('found_fields').$type<FoundField[]>(),
    /** The found fields were placed on the document (once per conversion: a field deleted since stays deleted). */
    foundFieldsPlaced: boolean('found_fields_placed').notNull().default(false),
    /** What was found in the file but not placed (a tag not understood, a push button), for the upload row. */
    unplacedFields: jsonb('unplaced_fields').$type<string[]>(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('document_parts_document_idx').on(table.documentId, table.order),
    // Whether a stored file is still named before it is deleted (findFileKeysInUse: copies share their template's).
    index('document_parts_original_file_idx').on(table.originalFileKey),
    index('document_parts_pdf_file_idx').on(table.pdfFileKey).where(sql`${table.pdfFileKey} is not null`),
  ],
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
    /** What the recipient does (issue 36): signs, approves, views, or only gets the completed copy (cc). */
    recipientRole: text('recipient_role', { enum: RECIPIENT_ROLES }).notNull().default('signer'),
    /** Its step of the signing order (recipients of one step act in any order); null: its order. */
    step: integer('step'),
    /** Finished its part: signed, approved, or acknowledged viewing. */
    isFinished: boolean('is_finished').notNull().default(false),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When one of the signer's links was locked by wrong access codes; cleared when a new link is issued. */
    accessLockedAt: timestamp('access_locked_at', { withTimezone: true }),
    /** This signer's own access code, given by a correction after sending (issue 36); null: the document's. */
    accessCode: text('access_code'),
    /** This signer's language (mails, signer page), given by a correction (issue 36); null: the document's. */
    language: text('language', { enum: LANGUAGES }),
    /** How the recipient proves who they are before the document opens (issue 38): none, e-mail code, SMS code or both. */
    verification: text('verification', { enum: SIGNER_VERIFICATIONS }).notNull().default('none'),
    /** The number (E.164) SMS codes go to, for this document only; shown masked to everyone but the sender. */
    phone: text('phone'),
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
 * A field placed on a page: the contract's keys (FIELD_KEYS of packages/shared) and its document. Coordinates and
 * sizes are PDF points on the page as displayed, origin top-left.
 */
export const documentFields = pgTable(
  'document_fields',
  {
    /** Chosen by the editor (a UUID), so an edit and its auto-save name the same field. */
    id: uuid('id').primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => signers.id, { onDelete: 'set null' }),
    type: text('type', { enum: FIELD_TYPES }).notNull(),
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
    dateFormat: text('date_format', { enum: FIELD_DATE_FORMATS }),
    fontFamily: text('font_family').$type<FontId>(),
    fontSize: integer('font_size'),
    requisiteId: uuid('requisite_id'),
    /** The settings of the newer kinds (issue 37: FieldSettings of packages/shared); null on older fields. */
    settings: jsonb('settings').$type<FieldSettings>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('document_fields_document_idx').on(table.documentId, table.pageNumber),
    // Found when a signer is deleted with its document (the foreign key's 'set null').
    index('document_fields_signer_idx').on(table.signerId).where(sql`${table.signerId} is not null`),
  ],
);

/**
 * The file a signer uploaded for an attachment field (issue 37): one per field, stored under the document's prefix
 * (`documents/<id>/attachments/`), so retention and backup walk it with the document. The field's text is its name.
 */
export const fieldAttachments = pgTable(
  'field_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => documentFields.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the file's bytes, printed on the certificate of completion. */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('field_attachments_field_idx').on(table.fieldId),
    index('field_attachments_document_idx').on(table.documentId),
  ],
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
