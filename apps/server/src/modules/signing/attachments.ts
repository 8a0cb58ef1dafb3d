import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  fileExtension,
  MESSAGES,
  withoutBidiControls,
} from '@esign/shared';
import { AppError } from '../../platform/errors.js';
import { detectFile } from '../documents/index.js';

/** A signer's file as it arrives (the multipart reader's, with its own size limit). */
export interface AttachedFile {
  fileName: string;
  stream: Readable;
  isTruncated: () => boolean;
}

export interface CheckedAttachment {
  fileName: string;
  contentType: (typeof ATTACHMENT_CONTENT_TYPES)[number];
  bytes: Buffer;
  sha256: string;
}

const ATTACHMENT_EXTENSIONS = new Set(['pdf', 'png', 'jpg', 'jpeg']);
const refused = (message: string) => new AppError('VALIDATION_ERROR', message);

/**
 * Reads an attachment field's file (ATTACHMENT_MAX_BYTES at most) and checks it by its content as every upload is
 * (`detectFile`: the name's extension must agree with the bytes): a PDF, PNG or JPEG; anything else, an empty file
 * or a larger one is refused with its message. Answers its bytes and their SHA-256.
 */
export async function readAttachment(file: AttachedFile): Promise<CheckedAttachment> {
  const fileName = withoutBidiControls(file.fileName).trim().slice(-200) || 'file';
  if (!ATTACHMENT_EXTENSIONS.has(fileExtension(fileName))) {
    file.stream.resume();
    throw refused(MESSAGES.attachmentTypeNotAllowed);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.stream) {
    size += (chunk as Buffer).length;
    if (size > ATTACHMENT_MAX_BYTES) {
      file.stream.resume();
      throw refused(MESSAGES.attachmentTooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  if (file.isTruncated()) throw refused(MESSAGES.attachmentTooLarge);
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0) throw refused(MESSAGES.attachmentTypeNotAllowed);
  const detected = await detectFile(fileName, bytes.subarray(0, 64 * 1024));
  const contentType = ATTACHMENT_CONTENT_TYPES.find((type) => type === detected.contentType);
  if (!contentType) throw refused(MESSAGES.attachmentTypeNotAllowed);
  return { fileName, contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
