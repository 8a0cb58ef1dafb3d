import {
  type allDocumentsQuery,
  type DocumentListItem,
  type documentListQuery,
  documentListResponse,
  LIST_DEFAULTS,
  MESSAGES,
  pageAnswer,
  signersOnTurn,
  type TeamRole,
} from '@esign/shared';
import type { z } from 'zod';
import { recordActivity } from '../../data/activity.js';
import * as repo from '../../data/document-lists.js';
import { findLiveDocument, listSigners, lockDocument } from '../../data/documents.js';
import { recordEvents } from '../../data/events.js';
import { issueSigningToken, revokeSigningTokens, signingUrl } from '../../data/signing-tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { Storage } from '../../platform/storage/storage.js';
import { type Action, authorize, can, listAllowed, userActor } from '../access/index.js';
import type { SignerMailJobs } from '../sending/index.js';
import { ListAnswerCache } from './answer-cache.js';
import type { DocumentManagementMailJobs } from './document-management.mails.js';
import type { ShareLinks } from './share-links.js';
import { type ZipEntry, zipEntryName } from './zip.js';

interface Deps {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  mails: DocumentManagementMailJobs;
  signerMails: SignerMailJobs;
  links: ShareLinks;
  appUrl: string;
  now: () => Date;
  /** Budget of the list answer cache of this node, in characters; 0 turns it off. */
  listCacheChars: number;
  /** Benchmarks only: the team list's check skipped (config.benchSkipAccessChecks). */
  skipAccessChecks?: boolean;
}

/** The caller of a list, as the per-request lookup read them. */
interface ListUser {
  id: string;
  documentsVersion: number;
  teamId: string | null;
  teamRole: TeamRole | null;
}

/** Who sees a team's list: the roles the policy lets view a teammate's document. */
const TEAM_LIST_ROLES: readonly TeamRole[] = (['owner', 'admin', 'user'] as const).filter((role) =>
  can({ kind: 'user', userId: 'viewer', teamId: 'team', teamRole: role }, 'document.view', {
    kind: 'document',
    id: 'document',
    ownerId: 'teammate',
    teamId: 'team',
  }),
);

const notFound = () => new AppError('NOT_FOUND', MESSAGES.documentNotFound);
const conflict = (message: string) => new AppError('CONFLICT', message);

/** The file a download gives: the sealed result once completed, else the combined original. */
export function downloadKey(document: { status: string; resultPdfFileKey: string | null; pdfFileKey: string | null }) {
  return document.status === 'completed' && document.resultPdfFileKey ? document.resultPdfFileKey : document.pdfFileKey;
}

/** The document lists and every action on a document from them. Each starts with the owner check. */
export function documentManagementService(deps: Deps) {
  const { db, jobs, mails, now } = deps;
  const answers = new ListAnswerCache(deps.listCacheChars);

  /** The document, when the policy lets the user do `action` to it (404 / 403 otherwise). */
  async function owned(userId: string, documentId: string, action: Action = 'document.manage') {
    return authorize(db, { actor: userActor(userId), action, id: documentId });
  }

  async function ownedAwaiting(userId: string, documentId: string, action: Action = 'document.manage') {
    const document = await owned(userId, documentId, action);
    if (document.status !== 'awaiting') throw conflict(MESSAGES.actionNeedsAwaiting);
    return document;
  }

  async function ownedCompleted(userId: string, documentId: string) {
    const document = await owned(userId, documentId);
    if (document.status !== 'completed') throw conflict(MESSAGES.documentNotCompleted);
    return document;
  }

  /** Checks that every named signer belongs to the document and may be asked now. */
  async function signersAskable(document: { id: string; isOrdered: boolean }, signerIds: string[]) {
    const rows = await listSigners(db, document.id);
    const onTurn = new Set(signersOnTurn(document, rows).map((row) => row.id));
    for (const id of signerIds) {
      const signer = rows.find((row) => row.id === id && !row.isPreparer);
      if (!signer) throw new AppError('NOT_FOUND', MESSAGES.notFound);
      if (signer.isFinished) throw conflict(MESSAGES.signerHasSigned);
      if (!onTurn.has(id)) throw conflict(MESSAGES.signerNotNext);
    }
    return rows.filter((row) => signerIds.includes(row.id));
  }

  async function list(scope: repo.ListScope, query: z.output<typeof documentListQuery>) {
    const { items, totalItems } = await repo.listDocumentPage(db, scope, query);
    return pageAnswer(items, totalItems, query);
  }

  /**
   * The list's scope and its cache key: the caller's own documents under their list version, or (the 'Team' filter,
   * for whom the policy lets see the team's documents) the team's under the team's list version.
   */
  async function listScope(user: ListUser, query: z.output<typeof documentListQuery>) {
    if (query.scope === 'mine') {
      return {
        scope: { kind: 'owner', userId: user.id } as const,
        key: ListAnswerCache.key(user.id, user.documentsVersion, query),
      };
    }
    const teamRole = user.teamId ? user.teamRole : null;
    const isAllowed = deps.skipAccessChecks || (teamRole !== null && TEAM_LIST_ROLES.includes(teamRole));
    if (!user.teamId || !isAllowed) throw new AppError('FORBIDDEN', MESSAGES.noAccess);
    // Without a cache no version is needed.
    const version = deps.listCacheChars > 0 ? await repo.teamListVersion(db, user.teamId) : 0;
    return {
      scope: { kind: 'team', teamId: user.teamId } as const,
      key: ListAnswerCache.key(`team:${user.teamId}`, version, query),
    };
  }

  return {
    /**
     * GET documents/all: the list's pages of the largest size, read one after another under the list's scope and
     * policy (the 'Team' scope only for whom it allows), joined into one answer.
     */
    async listAll(user: ListUser, filters: z.output<typeof allDocumentsQuery>) {
      const firstPage: repo.ParsedListQuery = {
        ...filters,
        page: 1,
        limit: LIST_DEFAULTS.maxLimit,
        searchType: 'documents',
        orderingKey: LIST_DEFAULTS.orderingKey,
        orderingDirection: LIST_DEFAULTS.orderingDirection,
      };
      const { scope } = await listScope(user, firstPage);
      const items: DocumentListItem[] = [];
      for (let page = 1; ; page++) {
        const answer = await repo.listDocumentPage(db, scope, { ...firstPage, page });
        items.push(...answer.items);
        if (answer.items.length < LIST_DEFAULTS.maxLimit || items.length >= answer.totalItems) {
          return { items, totalItems: items.length };
        }
      }
    },

    /**
     * The list answer as the response's JSON text (what the route's serializer would write), from this node's
     * cache when the owner's list version, read with the user on this request, has not moved since.
     */
    async listJson(user: ListUser, query: z.output<typeof documentListQuery>) {
      const { scope, key } = await listScope(user, query);
      const cached = answers.get(key);
      if (cached !== undefined) return cached;
      const body = JSON.stringify(documentListResponse.encode(await list(scope, query)));
      answers.set(key, body);
      return body;
    },

    /** Soft delete of the caller's own live documents; one id that is not theirs refuses the whole request. */
    async deleteMany(input: { userId: string; ids: string[] }) {
      const ids = [...new Set(input.ids)];
      await db.transaction(async (tx) => {
        const at = now();
        const deleted = await repo.softDeleteOwnedDocuments(tx, { userId: input.userId, ids, at });
        if (deleted !== ids.length) throw notFound();
        await recordEvents(
          tx,
          ids.map((documentId) => ({ type: 'document.deleted' as const, documentId, at })),
        );
      });
      return { success: true as const };
    },

    /** Edit & Resend: awaiting -> draft, signers to sign again, every signing link revoked, one `revert` row. */
    async revert(input: { userId: string; documentId: string; sourceIp: string }) {
      await ownedAwaiting(input.userId, input.documentId);
      await db.transaction(async (tx) => {
        const locked = await lockDocument(tx, input.documentId);
        if (locked?.status !== 'awaiting') throw conflict(MESSAGES.actionNeedsAwaiting);
        const at = now();
        await repo.revertToDraft(tx, { documentId: input.documentId, at });
        await revokeSigningTokens(tx, { documentId: input.documentId, now: at });
        await recordActivity(tx, {
          documentId: input.documentId,
          type: 'revert',
          userId: input.userId,
          sourceIp: input.sourceIp,
          at,
        });
      });
      return { id: input.documentId, status: 'draft' as const };
    },

    async sendReminders(input: { userId: string; documentId: string; signersIds: string[] }) {
      const document = await ownedAwaiting(input.userId, input.documentId);
      const targets = await signersAskable(document, [...new Set(input.signersIds)]);
      for (const signer of targets) {
        await jobs.send(deps.signerMails.signerInvitationMail, {
          documentId: document.id,
          signerId: signer.id,
          isReminder: true,
        });
      }
      return { success: true as const, signersIds: targets.map((signer) => signer.id) };
    },

    /** Turns a document's reminders off (PATCH disable-reminders) or back on (PATCH enable-reminders). */
    async setReminders(input: { userId: string; documentId: string; isDisabled: boolean }) {
      await owned(input.userId, input.documentId);
      await repo.setRemindersDisabled(db, { documentId: input.documentId, isDisabled: input.isDisabled, at: now() });
      return { success: true as const };
    },

    async shareUrl(input: { userId: string; documentId: string }) {
      const document = await ownedCompleted(input.userId, input.documentId);
      return { result: deps.links.link(document.id) };
    },

    async share(input: { userId: string; documentId: string; emails: string[] }) {
      const document = await ownedCompleted(input.userId, input.documentId);
      const emails = [...new Set(input.emails)];
      // The viewers and their mails commit together.
      await jobs.transaction(db, async (tx, queue) => {
        await repo.insertRecipients(tx, { documentId: document.id, emails });
        for (const email of emails) await queue(mails.shareMail, { documentId: document.id, email });
      });
      return { success: true as const };
    },

    /** A fresh signing link for one signer ('document.signingLink': the owner, the team's owner and admins). */
    async signingUrl(input: { userId: string; documentId: string; signerId: string }) {
      const document = await ownedAwaiting(input.userId, input.documentId, 'document.signingLink');
      await signersAskable(document, [input.signerId]);
      const token = await issueSigningToken(db, { documentId: document.id, signerId: input.signerId });
      return { signingUrl: signingUrl(deps.appUrl, document.id, token) };
    },

    /**
     * The files of a zip download: the result or original of each document the policy lets the user view (their
     * own; a teammate's for the team's owner and admins); none at all is a 404.
     */
    async zipEntries(input: { userId: string; ids: string[] }): Promise<ZipEntry[]> {
      const ids = [...new Set(input.ids)];
      const rows = await listAllowed(db, { userId: input.userId, action: 'document.view', ids });
      const used = new Set<string>();
      const entries = rows.flatMap((row) => {
        const key = downloadKey(row);
        return key ? [{ key, name: zipEntryName(row.title, used) }] : [];
      });
      if (entries.length === 0) throw new AppError('NOT_FOUND', MESSAGES.noFilesToDownload);
      return entries;
    },

    /** The public download behind a share link: a short-lived signed URL of the result, while it exists. */
    async sharedDownload(input: { documentId: string; signature: string }) {
      if (!deps.links.isValid(input.documentId, input.signature)) throw notFound();
      const row = await findLiveDocument(db, input.documentId);
      if (row?.status !== 'completed') throw notFound();
      const key = downloadKey(row);
      if (!key) throw new AppError('NOT_FOUND', MESSAGES.downloadNotReady);
      return deps.storage.signedGetUrl(key, { downloadName: zipEntryName(row.title, new Set()), expiresIn: 300 });
    },
  };
}
export type DocumentManagementService = ReturnType<typeof documentManagementService>;
