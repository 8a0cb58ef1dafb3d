import {
  ERASED_NAME,
  type ErasureAnswer,
  isRetentionDue,
  type Language,
  MESSAGES,
  type RetentionSettings,
} from '@esign/shared';
import type { FastifyBaseLogger } from 'fastify';
import { listChainedRows, recordActivity } from '../../data/activity.js';
import { findFileKeysInUse } from '../../data/document-parts.js';
import * as erasureRepo from '../../data/erasure.js';
import * as repo from '../../data/retention.js';
import type { UserRow } from '../../data/users.js';
import { activityHash } from '../../platform/crypto/audit-chain.js';
import { keyedHash } from '../../platform/crypto/secret-box.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { Storage } from '../../platform/storage/storage.js';
import { accountOf, authorize, can, memberActor, userActor } from '../access/index.js';
import type { RetentionMailJobs } from './retention.mails.js';

/** Templates and forms: their recipients are roles' prefills, never evidence. */
const TEMPLATE_TYPES: readonly string[] = ['template', 'form_request'];

/** Documents looked at per batch of the retention run (each removed in its own short transaction). */
export const RETENTION_BATCH = 100;
/** One run stops after this long (below the job's expiry); the next day's goes on. */
const RUN_BUDGET_MS = 20 * 60 * 1000;
/** At most this many titles are named in the owner's summary. */
const SUMMARY_TITLES = 20;

interface RetentionDeps {
  db: Db;
  jobs: JobQueue;
  storage: Storage;
  now: () => Date;
  /** The server's secret: the key of the erased addresses' hashes. */
  secret: string;
  log: FastifyBaseLogger;
  mails: RetentionMailJobs;
}

type Removed = { accountId: string; title: string; language: Language | null };

/**
 * Retention rules, legal holds and erasure on request (issue 39). The account's settings are its owner's
 * (`account.settings`: routes `auth: 'accountOwner'`, and the same question for an API key's owner); a document's
 * hold is `document.legalHold` (its owner, the team's owner and admins; another account's document answers 404).
 */
export function retentionService(deps: RetentionDeps) {
  const { db, jobs, storage, now } = deps;
  const emailHash = keyedHash(deps.secret, 'erasure:email:v1');

  /** The account whose settings the caller runs (themselves, an account alone or a team's owner), else 404. */
  function accountIdOf(user: UserRow): string {
    if (!can(memberActor(user), 'account.settings', accountOf(user))) {
      throw new AppError('NOT_FOUND', MESSAGES.notFound);
    }
    return user.id;
  }

  function settingsAnswer(row: { retentionDays: number | null; legalHoldAt: Date | null } | undefined) {
    return {
      retentionDays: row?.retentionDays ?? null,
      legalHoldAt: row?.legalHoldAt?.toISOString() ?? null,
    } satisfies RetentionSettings;
  }

  /** Deletes the files of removed documents that no other row names (a copy made by Edit & Resend shares some). */
  async function deleteFiles(removed: { documentId: string; files: string[] }[]) {
    const inUse = await findFileKeysInUse(
      db,
      removed.flatMap((item) => item.files),
    );
    for (const { documentId, files } of removed) {
      for (const key of files) {
        if (!inUse.has(key))
          await storage.delete(key).catch((error) => deps.log.warn({ err: error, key }, 'file kept'));
      }
      await storage
        .deletePrefix(`documents/${documentId}/preview/`)
        .catch((error) => deps.log.warn({ err: error, documentId }, 'page previews kept'));
    }
  }

  /**
   * Removes documents to their stubs, in one transaction with their rows locked: by the retention rule only those
   * still due (`isRetentionDue`), by an erasure those finished; never one held. Answers what was removed.
   */
  async function removeBatch(
    documentIds: string[],
    reason: 'retention' | 'erasure',
    at: Date,
    userId: string | null = null,
  ): Promise<Removed[]> {
    const outcome = await db.transaction(async (tx) => {
      const rows = (await repo.lockForRemoval(tx, documentIds)).filter(
        (row) => row.isFinished && !row.isHeld && !row.isRemoved && (reason === 'erasure' || isRetentionDue(row, at)),
      );
      const files = await repo.removeToStubs(tx, { documentIds: rows.map((row) => row.id), reason, userId });
      return {
        files,
        removed: rows.map((row) => ({ accountId: row.accountId, title: row.title, language: row.language })),
      };
    });
    await deleteFiles(outcome.files);
    return outcome.removed;
  }

  /** The retention run: due documents in batches (by id), each batch removed in one transaction; one summary mail per account. */
  async function runRetention(at: Date = now()): Promise<number> {
    const started = Date.now();
    const byAccount = new Map<string, { count: number; titles: string[]; languages: (Language | null)[] }>();
    let afterId: string | null = null;
    let total = 0;
    for (;;) {
      const { ids, nextAfterId, isDone } = await repo.findRetentionDue(db, {
        now: at,
        afterId,
        limit: RETENTION_BATCH,
      });
      const removed = await removeBatch(ids, 'retention', at).catch((error: unknown) => {
        deps.log.error({ err: error, documentIds: ids }, 'retention removal failed');
        return [];
      });
      for (const item of removed) {
        total++;
        const summary = byAccount.get(item.accountId) ?? { count: 0, titles: [], languages: [] };
        summary.count++;
        if (summary.titles.length < SUMMARY_TITLES) summary.titles.push(item.title);
        summary.languages.push(item.language);
        byAccount.set(item.accountId, summary);
      }
      afterId = nextAfterId;
      if (isDone || Date.now() - started > RUN_BUDGET_MS) break;
    }
    for (const [accountId, summary] of byAccount) {
      await jobs.send(deps.mails.summaryMail, {
        accountId,
        count: summary.count,
        titles: summary.titles,
        language: mostCommon(summary.languages),
      });
    }
    if (total > 0) deps.log.info({ removed: total }, 'retention rule removed documents');
    return total;
  }

  /**
   * Rewrites the rows of these (unsealed) documents' audit trails that name the person: their address and names
   * replaced in the details, the address and browser of their own actions cleared; the chain is rehashed from there.
   */
  async function eraseFromActivities(tx: Db, documentIds: string[], person: Person): Promise<number> {
    let changed = 0;
    await repo.allowAuditRewrite(tx);
    for (const documentId of documentIds) {
      let previousHash: string | null = null;
      let isRewriting = false;
      for (const row of await listChainedRows(tx, documentId)) {
        const isTheirs = row.signerIds.some((id) => person.signerIds.has(id));
        const details = row.details ? redactRecord(row.details, person) : null;
        const isChanged =
          (isTheirs && (row.sourceIp !== null || row.userAgent !== null)) ||
          JSON.stringify(details) !== JSON.stringify(row.details);
        if (isChanged) changed++;
        isRewriting ||= isChanged;
        if (!isRewriting) {
          previousHash = row.hash;
          continue;
        }
        const content = {
          documentId,
          type: row.type,
          userId: row.userId,
          signerIds: row.signerIds,
          sourceIp: isTheirs ? null : row.sourceIp,
          userAgent: isTheirs ? null : row.userAgent,
          details,
          createdAt: row.createdAt,
        };
        const hash = activityHash(content, previousHash);
        await erasureRepo.rewriteActivityRow(tx, { id: row.id, ...content, previousHash, hash });
        previousHash = hash;
      }
    }
    return changed;
  }

  /** Every rewrite of an erasure, on the transaction's connection; answers what it did and what it leaves. */
  async function eraseEverywhere(tx: Db, input: { accountId: string; email: string; includeCompleted: boolean }) {
    const { accountId, email } = input;
    const documents = await erasureRepo.findDocumentsWithPerson(tx, { accountId, email });
    const isTemplate = (document: erasureRepo.PersonDocument) => TEMPLATE_TYPES.includes(document.type);
    const isEvidence = (document: erasureRepo.PersonDocument) =>
      document.status === 'completed' && !isTemplate(document) && !document.isRemoved;
    const evidence = documents.filter(isEvidence);
    const toRemove = input.includeCompleted ? evidence.filter((document) => !document.isHeld) : [];
    // A legal hold keeps a document as it is, its people too; a completed one is evidence unless removed.
    const kept = documents
      .filter((document) => !document.isRemoved && !toRemove.includes(document))
      .filter((document) => document.isHeld || isEvidence(document))
      .map((document) => ({
        id: document.id,
        title: document.title,
        status: document.status,
        reason: document.isHeld ? ('legalHold' as const) : ('sealedEvidence' as const),
      }));
    const keptIds = new Set(kept.map((document) => document.id));
    // Drafts, awaiting documents (their links die), ended ones that were never sealed, templates and forms.
    const rewritten = documents.filter(
      (document) => !isEvidence(document) && !document.isRemoved && !keptIds.has(document.id),
    );
    const inDocuments = await erasureRepo.erasePersonFromDocuments(tx, {
      documentIds: rewritten.filter((document) => !isTemplate(document)).map((document) => document.id),
      email,
    });
    const inTemplates = await erasureRepo.erasePersonFromDocuments(tx, {
      documentIds: rewritten.filter(isTemplate).map((document) => document.id),
      email,
    });
    const person: Person = {
      email,
      names: [...new Set([...inDocuments.names, ...inTemplates.names])],
      signerIds: new Set([...inDocuments.signerIds, ...inTemplates.signerIds]),
    };
    const activities = await eraseFromActivities(
      tx,
      rewritten.map((document) => document.id),
      person,
    );
    const mentions = await erasureRepo.findJsonMentions(tx, { accountId, email, keptIds: [...keptIds] });
    for (const event of mentions.events)
      await erasureRepo.replaceEventPayload(tx, event.id, redactJson(event.payload, person));
    for (const answer of mentions.answers) {
      await erasureRepo.replaceIdempotentAnswer(tx, {
        userId: answer.user_id,
        key: answer.key,
        response: redactJson(answer.response, person),
      });
    }
    return {
      kept,
      toRemove,
      replaced: {
        recipients: inDocuments.signerIds.length,
        templateRecipients: inTemplates.signerIds.length,
        signingLinks: inDocuments.links + inTemplates.links,
        sharedWith: await erasureRepo.eraseSharedWith(tx, { accountId, email }),
        bulkSendRows: await erasureRepo.eraseBulkRows(tx, { accountId, email }),
        mails: await erasureRepo.eraseOutboxMail(tx, email),
        activities,
        events: mentions.events.length,
        apiAnswers: mentions.answers.length,
      },
    };
  }

  return {
    async getSettings(input: { user: UserRow }) {
      return settingsAnswer(await repo.findRetentionSettings(db, accountIdOf(input.user)));
    },

    async updateSettings(input: { user: UserRow; body: { retentionDays: number | null; legalHold: boolean } }) {
      const accountId = accountIdOf(input.user);
      return settingsAnswer(await repo.saveRetentionSettings(db, { accountId, ...input.body, at: now() }));
    },

    /** A document's hold set or released, with its `hold` / `release` activity (nothing when unchanged). */
    async setLegalHold(input: { userId: string; documentId: string; isHeld: boolean; sourceIp: string | null }) {
      const found = await authorize(db, {
        actor: userActor(input.userId),
        action: 'document.legalHold',
        id: input.documentId,
      });
      if (TEMPLATE_TYPES.includes(found.type)) throw new AppError('NOT_FOUND', MESSAGES.documentNotFound);
      const at = now();
      const legalHoldAt = await db.transaction(async (tx) => {
        const hold = await repo.setDocumentLegalHold(tx, { documentId: input.documentId, isHeld: input.isHeld, at });
        if (hold.wasHeld !== input.isHeld) {
          await recordActivity(tx, {
            documentId: input.documentId,
            type: input.isHeld ? 'hold' : 'release',
            userId: input.userId,
            sourceIp: input.sourceIp,
            at,
          });
        }
        return hold.legalHoldAt;
      });
      return { id: input.documentId, legalHoldAt: legalHoldAt?.toISOString() ?? null };
    },

    /**
     * Erases a person from the account by e-mail (or, with dryRun, answers what that would do and changes nothing):
     * one transaction; the completed documents removed with `includeCompleted` each in their own afterwards. The
     * erasure is recorded with the address's keyed hash only.
     */
    async erase(input: {
      user: UserRow;
      body: { email: string; includeCompleted: boolean; dryRun: boolean };
    }): Promise<ErasureAnswer> {
      const accountId = accountIdOf(input.user);
      const { email, includeCompleted, dryRun } = input.body;
      const hash = emailHash.hash(email);
      const isRepeated = await erasureRepo.wasErasedBefore(db, { accountId, emailHash: hash });
      const rollback = Symbol('dry run');
      let plan: Awaited<ReturnType<typeof eraseEverywhere>> | undefined;
      try {
        await db.transaction(async (tx) => {
          plan = await eraseEverywhere(tx, { accountId, email, includeCompleted });
          if (dryRun) throw rollback;
          await erasureRepo.recordErasure(tx, {
            accountId,
            requestedBy: input.user.id,
            emailHash: hash,
            counts: { ...plan.replaced, removedDocuments: plan.toRemove.length },
          });
        });
      } catch (error) {
        if (error !== rollback) throw error;
      }
      if (!plan) throw new Error('erasure answered nothing');
      const removed: ErasureAnswer['removed'] = [];
      for (const document of plan.toRemove) {
        if (dryRun || (await removeBatch([document.id], 'erasure', now(), input.user.id)).length > 0) {
          removed.push({ id: document.id, title: document.title, status: document.status });
        }
      }
      return { dryRun, isRepeated, replaced: plan.replaced, kept: plan.kept, removed };
    },

    runRetention,
  };
}

interface Person {
  email: string;
  names: string[];
  signerIds: Set<string>;
}

/** A string with the person's address (any case) replaced, or their name when it is the whole value. */
function redactString(value: string, person: Person): string {
  if (person.names.includes(value)) return ERASED_NAME;
  const at = value.toLowerCase().indexOf(person.email);
  if (at < 0) return value;
  return redactString(
    `${value.slice(0, at)}${repo.erasedAddress('person')}${value.slice(at + person.email.length)}`,
    person,
  );
}

function redactRecord(record: Record<string, string>, person: Person): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, redactString(value, person)]));
}

/** Every string of a JSON value redacted (events' payloads, kept API answers). */
function redactJson(value: unknown, person: Person): unknown {
  if (typeof value === 'string') return redactString(value, person);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, person));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactJson(item, person)]));
  }
  return value;
}

/** The most frequent value (ties: the first met); null for none. */
function mostCommon<T>(values: T[]): T | null {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: T | null = null;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

export type RetentionService = ReturnType<typeof retentionService>;
