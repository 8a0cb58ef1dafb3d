import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_PX,
  canChangeEmail,
  MESSAGES,
  NOTIFICATION_FLAGS,
  type UpdateProfileRequest,
} from '@esign/shared';
import { findCompanySettings } from '../../data/company.js';
import { findFileKeysInUse } from '../../data/document-parts.js';
import { listSigners } from '../../data/documents.js';
import * as authRepo from '../../data/sessions.js';
import * as repo from '../../data/users.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { pngOfImage } from '../../platform/images.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { SocketAccess } from '../../platform/realtime.js';
import type { Storage } from '../../platform/storage/storage.js';
import {
  currentPictureFile,
  type PictureKind,
  removeStoredFile as removeFile,
  replacePicture,
} from '../../platform/storage/stored-picture.js';
import { authorize, userActor } from '../access/index.js';
import type { UserMailJobs } from './users.mails.js';

interface UserDeps {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  mails: UserMailJobs;
  now: () => Date;
  /** The open sockets of sessions a new password or the account's deletion ends. */
  sockets: SocketAccess;
}

/** The avatar types of the spec, by content (BMP through its own decoder: sharp reads none). */
const AVATAR_TYPES = new Set(['jpg', 'png', 'bmp']);
const MAX_AVATAR_PIXELS = 50_000_000;
const formatNotCorrect = () => new AppError('VALIDATION_ERROR', MESSAGES.fileFormatNotCorrect);

/** A 128x128 PNG of an uploaded picture (cropped square in the browser; centred and cut here if it is not). */
export async function avatarPng(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('VALIDATION_ERROR', MESSAGES.avatarTooLarge);
  return pngOfImage(bytes, {
    types: AVATAR_TYPES,
    resize: { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, fit: 'cover' },
    refusal: formatNotCorrect,
    maxPixels: MAX_AVATAR_PIXELS,
  });
}

/** The avatar as a stored picture (stored-picture.ts, shared with the company logo). */
export const AVATAR: PictureKind = { folder: 'avatar', route: 'avatars', toPng: avatarPng };

/** The profile (spec part 2, sections 2 to 5): its form, the picture, the e-mail change and the account's deletion. */
export function userService(deps: UserDeps) {
  const { db, storage, jobs, mails, now, sockets } = deps;

  /** Removes a stored file; one already gone (or a failing store) does not stop what follows. */
  const removeStoredFile = (key: string | null) => removeFile(storage, key);

  return {
    /** Name, preferences and notification flags; a new password ends every other session of the user. */
    async updateProfile(input: { user: repo.UserRow; sessionId: string; profile: UpdateProfileRequest }) {
      const { profile, user } = input;
      const flags = Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, profile[flag]]));
      const passwordHash = profile.password ? await hashPassword(profile.password) : undefined;
      const current = now();
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, {
          name: profile.name,
          dateFormat: profile.dateFormat,
          timezone: profile.timezone,
          ...flags,
          ...(passwordHash ? { passwordHash } : {}),
        });
        // This session stays (its access token is not refused, unlike after a reset), every other one ends.
        if (passwordHash) {
          await authRepo.endSessions(tx, { userId: user.id, exceptSessionId: input.sessionId, now: current });
          await authRepo.revokeRefreshTokens(tx, { userId: user.id, exceptFamilyId: input.sessionId, now: current });
        }
      });
      if (passwordHash) sockets.endSessions({ userId: user.id, exceptSessionId: input.sessionId });
      return repo.toUserDto(await requireUserRow(user.id));
    },

    /** Takes the picture uploaded to `key` (the user's own upload), keeps it 128x128 and removes the upload. */
    async setAvatar(input: { user: repo.UserRow; key: string }) {
      await replacePicture(storage, AVATAR, {
        userId: input.user.id,
        uploadKey: input.key,
        previousKey: input.user.avatarKey,
        save: (key) => repo.updateUser(db, input.user.id, { avatarKey: key }),
      });
      return repo.toUserDto(await requireUserRow(input.user.id));
    },

    async removeAvatar(input: { user: repo.UserRow }) {
      await repo.updateUser(db, input.user.id, { avatarKey: null });
      await removeStoredFile(input.user.avatarKey);
      return repo.toUserDto(await requireUserRow(input.user.id));
    },

    /** The bytes of a user's current picture; a replaced or removed one is not found. */
    async avatarFile(input: { userId: string; file: string }) {
      const user = await repo.findUserById(db, input.userId);
      return currentPictureFile(storage, AVATAR, { ...input, currentKey: user?.avatarKey });
    },

    /**
     * Mails a link to the new address; the account keeps its address until the link is followed. An address
     * taken by another account gets nothing, and the answer is the same (it tells nobody whose address it is).
     */
    async requestEmailChange(input: { user: repo.UserRow; email: string }) {
      // The spec disables the e-mail field for roles other than user: a team's owner and admins keep theirs.
      if (!canChangeEmail({ role: input.user.teamRole })) {
        throw new AppError('FORBIDDEN', MESSAGES.emailChangeNotForRole);
      }
      if (input.email === input.user.email) throw new AppError('VALIDATION_ERROR', MESSAGES.emailUnchanged);
      const taken = await repo.findUserByEmail(db, input.email);
      await authRepo.expireEmailTokens(db, { userId: input.user.id, purpose: 'change_email', now: now() });
      if (!taken) await jobs.send(mails.emailChangeMail, { userId: input.user.id, newEmail: input.email });
      return { message: MESSAGES.checkNewEmail };
    },

    /** The new address replaces the old one, which is told; the link works once. */
    async confirmEmailChange(input: { token: string }) {
      const current = now();
      await jobs.transaction(db, async (tx, queue) => {
        const spent = await authRepo.consumeEmailChangeToken(tx, { tokenHash: hashToken(input.token), now: current });
        if (!spent) throw new AppError('LINK_INVALID', MESSAGES.linkInvalid);
        const user = await repo.findUserById(tx, spent.userId);
        if (!user) throw new AppError('LINK_INVALID', MESSAGES.linkInvalid);
        if (await repo.findUserByEmail(tx, spent.newEmail)) throw new AppError('CONFLICT', MESSAGES.emailTaken);
        await repo.updateUser(tx, user.id, { email: spent.newEmail });
        await queue(mails.emailChangedMail, { to: user.email, name: user.name, newEmail: spent.newEmail });
      });
      return { message: MESSAGES.emailChanged };
    },

    async signerAvatars(input: { userId: string; documentId: string }) {
      const document = await authorize(db, {
        actor: userActor(input.userId),
        action: 'document.signerAvatars',
        id: input.documentId,
      });
      return repo.listSignerAvatars(db, document.id);
    },

    /**
     * Deletes the account, in one transaction: its awaiting documents are voided (their signers are mailed, their
     * links stop working as the documents go), its completed documents go to the deleted accounts' holder (their
     * signers' download links keep working, their audit rows keep their evidence and lose the user id), and the
     * account row goes with everything else it owns: sessions, tokens, drafts, templates, saved signatures.
     */
    async deleteAccount(input: { user: repo.UserRow }) {
      const { user } = input;
      const logoKey = (await findCompanySettings(db, user.id))?.companyLogoKey ?? null;
      const fileKeys = await jobs.transaction(db, async (tx, queue) => {
        const owned = await repo.listOwnedDocuments(tx, user.id);
        for (const document of owned.filter((row) => row.status === 'awaiting' && !row.deletedAt)) {
          for (const signer of await listSigners(tx, document.id)) {
            if (signer.isPreparer) continue;
            await queue(mails.documentVoidedMail, {
              to: signer.email,
              name: signer.name,
              title: document.title,
              sender: user.name,
            });
          }
        }
        const isKept = (row: (typeof owned)[number]) => row.status === 'completed';
        await repo.giveDocumentsToHolder(
          tx,
          owned.filter(isKept).map((row) => row.id),
        );
        const erased = owned.filter((row) => !isKept(row)).map((row) => row.id);
        const keys = await repo.listFileKeysToErase(tx, { userId: user.id, documentIds: erased });
        await repo.deleteUserRow(tx, user.id);
        return keys;
      });
      sockets.endSessions({ userId: user.id });
      // Once the rows are gone: files no remaining document names (a kept copy may share a template's) are erased.
      const inUse = await findFileKeysInUse(db, fileKeys);
      for (const key of [...fileKeys.filter((key) => !inUse.has(key)), user.avatarKey, logoKey])
        await removeStoredFile(key);
      return { message: MESSAGES.accountDeleted };
    },
  };

  async function requireUserRow(userId: string) {
    const row = await repo.findUserById(db, userId);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    return row;
  }
}
export type UserService = ReturnType<typeof userService>;
