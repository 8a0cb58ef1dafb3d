import { type conversionData, type DocumentPart, MESSAGES, uploadProgress, withoutBidiControls } from '@esign/shared';
import type { z } from 'zod';
import { sortByOrder } from './file-order';

export type ConversionData = z.output<typeof conversionData.response>;
type PartConversion = ConversionData['parts'][number];

/** A file chosen in this tab that is not a part of the document (yet). */
export interface PendingUpload {
  key: string;
  name: string;
  size: number;
  status: 'queued' | 'uploading' | 'refused';
  /** Why the upload was refused (by the checks here or by the server). */
  reason?: string;
}

export type RowStatus = 'queued' | 'uploading' | 'converting' | 'converted' | 'failed';

/** One row of the file list. */
export interface FileRowModel {
  key: string;
  /** Set for parts of the document; pending uploads have none. */
  partId: string | null;
  name: string;
  status: RowStatus;
  progress: number;
  /** 'Failed to upload' for a refused upload; the part's errorText for a failed conversion. */
  errorTitle: string | null;
  errorText: string | null;
  warningText: string | null;
  /** What the file held that became no field (a text tag not understood, a push button), as written in it. */
  unplacedFields: string[];
  /** A signed PDF kept with its active content: the owner may keep it so or remove it (the part is 'found'). */
  isActiveContentChoiceOpen: boolean;
}

/** The part with its newest conversion state, when the poll has one. */
function withConversion(part: DocumentPart, conversion: PartConversion | undefined) {
  if (conversion === undefined) return part;
  // Conversion only moves forward: a part the document already knows as converted stays converted.
  if (part.filesUploaded && !conversion.filesUploaded) return part;
  return { ...part, ...conversion };
}

/** Rows for the document's parts, in their order. */
export function partRows(parts: readonly DocumentPart[], conversion: ConversionData | undefined): FileRowModel[] {
  return sortByOrder(parts).map((stored) => {
    const part = withConversion(
      stored,
      conversion?.parts.find((item) => item.id === stored.id),
    );
    const isFailed = part.errorText !== null;
    const status: RowStatus = isFailed ? 'failed' : part.filesUploaded ? 'converted' : 'converting';
    return {
      key: part.id,
      partId: part.id,
      name: part.originalFileName,
      status,
      progress: part.filesUploaded
        ? 100
        : uploadProgress({ isUploaded: true, pagesConverted: part.pagesConverted, pagesTotal: part.pagesTotal }),
      errorTitle: null,
      errorText: part.errorText,
      warningText: stored.warningText,
      unplacedFields: part.unplacedFields ?? [],
      isActiveContentChoiceOpen: status === 'converted' && stored.activeContent === 'found',
    };
  });
}

/** Rows for files still on their way, or refused, after the parts. */
export function pendingRows(pending: readonly PendingUpload[]): FileRowModel[] {
  return pending.map((upload) => ({
    key: upload.key,
    partId: null,
    name: withoutBidiControls(upload.name),
    status: upload.status === 'refused' ? 'failed' : upload.status,
    progress: uploadProgress({ isUploaded: false, pagesConverted: 0, pagesTotal: null }),
    errorTitle: upload.status === 'refused' ? MESSAGES.failedToUpload : null,
    errorText: upload.status === 'refused' ? (upload.reason ?? MESSAGES.somethingWentWrong) : null,
    warningText: null,
    unplacedFields: [],
    isActiveContentChoiceOpen: false,
  }));
}

/** 'Prepare Doc for Signing' needs at least one file, every file converted and none failed. */
export function canPrepare(rows: readonly FileRowModel[]): boolean {
  return rows.length > 0 && rows.every((row) => row.status === 'converted');
}

/**
 * Whether a draft made on this page for its uploads is worth nothing when the user leaves: no file on its way or
 * converted, only failed ones (refused, or their conversion failed) or none. Such a draft is not kept.
 */
export function hasOnlyFailedFiles(rows: readonly FileRowModel[]): boolean {
  return rows.every((row) => row.status === 'failed');
}

/** Whether the conversion poll should run: parts exist and the server has not finished them. */
export function isConversionPending(parts: readonly DocumentPart[], conversion: ConversionData | undefined): boolean {
  if (parts.length === 0) return false;
  return conversion === undefined || !conversion.isFinished;
}

/** True when the poll reports a part done (converted or failed) that the stored document still shows as running. */
export function hasNewlySettledParts(parts: readonly DocumentPart[], conversion: ConversionData | undefined): boolean {
  if (conversion === undefined) return false;
  return conversion.parts.some((live) => {
    const stored = parts.find((part) => part.id === live.id);
    if (stored === undefined) return true;
    const isLiveSettled = live.filesUploaded || live.errorText !== null;
    const isStoredSettled = stored.filesUploaded || stored.errorText !== null;
    return isLiveSettled && !isStoredSettled;
  });
}
