import { type AllowedExtension, fileExtension, isAllowedFileName, MESSAGES } from '@esign/shared';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors.js';

export type SourceKind = 'pdf' | 'image' | 'office';

export interface DetectedFile {
  kind: SourceKind;
  extension: AllowedExtension;
  contentType: string;
}

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'bmp']);
const IMAGE_TYPES = new Set(['png', 'jpg', 'gif', 'bmp']);
const ZIP_OFFICE_EXTENSIONS = new Set(['docx', 'xlsx', 'pptx', 'ppsx', 'odt']);
const ZIP_OFFICE_TYPES = new Set(['zip', 'docx', 'xlsx', 'pptx', 'ppsx', 'odt']);
const OLE_OFFICE_EXTENSIONS = new Set(['doc', 'xls', 'ppt']);
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'htm', 'html']);

const OFFICE_CONTENT_TYPE = 'application/octet-stream';

function mismatch(): AppError {
  return new AppError('VALIDATION_ERROR', MESSAGES.fileContentMismatch);
}

/** PDF readers accept the header within the first kilobyte. */
function hasPdfHeader(head: Buffer): boolean {
  return head.subarray(0, 1024).includes('%PDF-');
}

function looksLikeText(head: Buffer): boolean {
  return !head.subarray(0, 8192).includes(0);
}

/**
 * Decides what a file is from its content (magic bytes), not its name alone: the extension must be
 * allowed and the content must agree with it. An empty file is accepted here and fails its conversion
 * with a message the user understands.
 */
export async function detectFile(fileName: string, head: Buffer): Promise<DetectedFile> {
  if (!isAllowedFileName(fileName)) throw new AppError('VALIDATION_ERROR', MESSAGES.fileTypeNotAllowed);
  const extension = fileExtension(fileName) as AllowedExtension;
  const kindByName: SourceKind = extension === 'pdf' ? 'pdf' : IMAGE_EXTENSIONS.has(extension) ? 'image' : 'office';
  if (head.length === 0) return { kind: kindByName, extension, contentType: 'application/octet-stream' };

  const detected = await fileTypeFromBuffer(head);
  if (extension === 'pdf') {
    if (!hasPdfHeader(head)) throw mismatch();
    return { kind: 'pdf', extension, contentType: 'application/pdf' };
  }
  if (IMAGE_EXTENSIONS.has(extension)) {
    if (!detected || !IMAGE_TYPES.has(detected.ext)) throw mismatch();
    return { kind: 'image', extension, contentType: detected.mime };
  }
  if (ZIP_OFFICE_EXTENSIONS.has(extension)) {
    if (!detected || !ZIP_OFFICE_TYPES.has(detected.ext)) throw mismatch();
    return { kind: 'office', extension, contentType: OFFICE_CONTENT_TYPE };
  }
  if (OLE_OFFICE_EXTENSIONS.has(extension)) {
    if (detected?.ext !== 'cfb') throw mismatch();
    return { kind: 'office', extension, contentType: OFFICE_CONTENT_TYPE };
  }
  if (extension === 'rtf') {
    if (detected?.ext !== 'rtf') throw mismatch();
    return { kind: 'office', extension, contentType: 'application/rtf' };
  }
  if (TEXT_EXTENSIONS.has(extension)) {
    // Text has no magic bytes: it must not be a binary format, and must not hold NUL bytes.
    if ((detected && detected.ext !== 'xml') || !looksLikeText(head)) throw mismatch();
    return { kind: 'office', extension, contentType: 'text/plain' };
  }
  throw new AppError('VALIDATION_ERROR', MESSAGES.fileTypeNotAllowed);
}
