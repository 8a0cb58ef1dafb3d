import { ALLOWED_EXTENSIONS, type AllowedExtension, isAllowedFileName, MESSAGES, UPLOAD_LIMITS } from '@esign/shared';

/** What the checks need of a file (a browser File has both). */
export interface FileFacts {
  name: string;
  size: number;
  /** A smaller limit of the file's source (Dropbox's 40,000,000 bytes); 40 MB otherwise. */
  maxBytes?: number;
}

/** What the document holds already: files uploaded or on their way. */
export interface DocumentTotals {
  count: number;
  bytes: number;
}

export type FileCheck = { isAccepted: true } | { isAccepted: false; message: string };

/** The checks of one file on its own (section 5, Files): name length, type by extension, size. */
export function checkFile(file: FileFacts): FileCheck {
  if (file.name.length > UPLOAD_LIMITS.maxFileNameLength)
    return { isAccepted: false, message: MESSAGES.fileNameTooLong };
  if (!isAllowedFileName(file.name)) return { isAccepted: false, message: MESSAGES.fileTypeNotAllowed };
  if (file.size > (file.maxBytes ?? UPLOAD_LIMITS.maxFileBytes))
    return { isAccepted: false, message: MESSAGES.fileTooLarge };
  return { isAccepted: true };
}

/**
 * Checks files chosen together, in their order, against the document's limits: at most 5 files and
 * 100 MB in all. A refused file does not count towards the totals of the ones after it.
 */
export function checkFiles<F extends FileFacts>(files: readonly F[], totals: DocumentTotals) {
  let { count, bytes } = totals;
  return files.map((file) => {
    const single = checkFile(file);
    if (!single.isAccepted) return { file, check: single };
    const isOverLimit =
      count + 1 > UPLOAD_LIMITS.maxFilesPerDocument || bytes + file.size > UPLOAD_LIMITS.maxDocumentBytes;
    if (isOverLimit) return { file, check: { isAccepted: false, message: MESSAGES.documentFilesLimit } as FileCheck };
    count += 1;
    bytes += file.size;
    return { file, check: { isAccepted: true } as FileCheck };
  });
}

const MIME_BY_EXTENSION: Record<AllowedExtension, string> = {
  png: 'image/png',
  bmp: 'image/bmp',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  htm: 'text/html',
  html: 'text/html',
  csv: 'text/csv',
  rtf: 'application/rtf',
  txt: 'text/plain',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  odt: 'application/vnd.oasis.opendocument.text',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppsx: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The dropzone's `accept`: MIME type to the allowed extensions of that type. */
export function acceptedTypes(): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const extension of ALLOWED_EXTENSIONS) {
    const mime = MIME_BY_EXTENSION[extension];
    accept[mime] = [...(accept[mime] ?? []), `.${extension}`];
  }
  return accept;
}
