import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@esign/shared';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import { assertSafeKey } from './keys.js';
import type { Storage } from './storage.js';

/**
 * A user's stored picture, made from their own upload (auth/put_signed_asset_url): the avatar and the company logo.
 * Each lives at `users/{userId}/{folder}/{uuid}.png` and is served at `/api/v1/{route}/{userId}/{uuid}.png` while
 * it is the current one, so the address changes with every upload and an `<img>` needs no token.
 */
export interface PictureKind {
  /** The folder under the user's: `avatar`, `company-logo`. */
  folder: string;
  /** The path its address starts with under /api/v1: `avatars`, `company-logos`. */
  route: string;
  /** The uploaded bytes as the PNG to keep (checked by content); refuses anything else. */
  toPng: (bytes: Buffer) => Promise<Buffer>;
}

export function pictureKeyOf(kind: Pick<PictureKind, 'folder'>, userId: string, file: string): string {
  return `users/${userId}/${kind.folder}/${file}`;
}

/** Removes a stored file; one already gone (or a failing store) does not stop what follows. */
export async function removeStoredFile(storage: Storage, key: string | null | undefined): Promise<void> {
  if (key) await storage.delete(key).catch(() => undefined);
}

/**
 * Takes the caller's own upload at `uploadKey`, stores its PNG under a new key, lets `save` record that key, then
 * removes the upload and the previous picture. Another user's upload is refused as 'File format is not correct'.
 */
export async function replacePicture(
  storage: Storage,
  kind: PictureKind,
  input: { userId: string; uploadKey: string; previousKey: string | null; save: (key: string) => Promise<void> },
): Promise<void> {
  assertSafeKey(input.uploadKey);
  if (!input.uploadKey.startsWith(`users/${input.userId}/assets/`)) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.fileFormatNotCorrect);
  }
  const bytes = await storage.getBuffer(input.uploadKey).catch(() => {
    throw new AppError('NOT_FOUND', MESSAGES.notFound);
  });
  const png = await kind.toPng(bytes);
  const key = pictureKeyOf(kind, input.userId, `${randomUUID()}.png`);
  await storage.put(key, png, 'image/png');
  await input.save(key);
  await removeStoredFile(storage, input.previousKey);
  await removeStoredFile(storage, input.uploadKey);
}

/** The bytes of a user's current picture of this kind; a replaced or removed one is not found. */
export async function currentPictureFile(
  storage: Storage,
  kind: PictureKind,
  input: { userId: string; file: string; currentKey: string | null | undefined },
): Promise<Buffer> {
  const key = pictureKeyOf(kind, input.userId, input.file);
  if (!input.currentKey || input.currentKey !== key) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return storage.getBuffer(key);
}

/** Answers a stored picture: a PNG whose address never names another content, so it may be kept a day. */
export function sendPicture(reply: FastifyReply, png: Buffer) {
  return reply
    .header('content-type', 'image/png')
    .header('cache-control', 'private, max-age=86400, immutable')
    .send(png);
}
