import { MESSAGES, type PdfMetadata } from '@esign/shared';
import { PDF } from '@libpdf/core';
import { z } from 'zod';
import {
  failPartConversion,
  findPartToConvert,
  listParts,
  listUnconvertedParts,
  setCombinedPdf,
  setPartConverted,
} from '../../data/document-parts.js';
import { findDocument } from '../../data/documents.js';
import { recordEvent } from '../../data/events.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob, type JobQueue, type QueueInTransaction } from '../../platform/jobs.js';
import { LARGE_FILE_BYTES, releaseLargeBuffers } from '../../platform/memory.js';
import {
  OFFICE_CONVERSION_TIMEOUT_MS,
  OFFICE_START_TIMEOUT_MS,
  type OfficeConverter,
} from '../../platform/office/office-converter.js';
import { officeToPdf } from '../../platform/office/office-to-pdf.js';
import { ConversionError } from '../../platform/pdf/conversion-error.js';
import { imageToPdfInChild } from '../../platform/pdf/image-process.js';
import { normalizePdf } from '../../platform/pdf/normalize-pdf.js';
import { readPageSizes } from '../../platform/pdf/page-sizes.js';
import type { Storage } from '../../platform/storage/storage.js';
import { placeFoundFields } from './found-fields.js';

interface ConversionDeps {
  db: Db;
  storage: Storage;
  office: OfficeConverter;
  jobs: Pick<JobQueue, 'send' | 'withLiveJobs'>;
  now: () => Date;
}

/** A part made longer ago than this, still unconverted and with no conversion job, is queued again by the sweep. */
export const CONVERSION_SWEEP_AFTER_MS = 15 * 60 * 1000;
/** How often the sweep runs (cron). */
export const CONVERSION_SWEEP_CRON = '*/5 * * * *';

const PDF_CONTENT_TYPE = 'application/pdf';

/** The same memory seen as a plain Uint8Array (for the PDF library), not a copy. */
function bytesOf(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** The same memory seen as a Buffer (for storage), not a copy. */
function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The background work of the upload: each part becomes PDF pages, then the parts become one PDF. */
export function conversionJobs(deps: ConversionDeps) {
  const { db, storage, office } = deps;

  /**
   * Sets the document's PDF once every part is converted. One part is its own combined PDF: no copy, no merge,
   * so it is done at once where a part finishes. Several parts are merged, which only the combine job does
   * (`mayMerge`); without it the answer is false and the caller queues that job.
   */
  async function combine(documentId: string, mayMerge: boolean): Promise<boolean> {
    const document = await findDocument(db, documentId);
    if (!document || document.pdfFileKey) return true;
    const parts = await listParts(db, documentId);
    const isReady = parts.length > 0 && parts.every((part) => part.pdfFileKey && !part.errorText);
    // Not ready: the last part to finish combines (each part's update is committed before it looks).
    if (!isReady) return true;

    const revision = document.partsRevision;
    let key: string;
    let metadata: { pages: { width: number; height: number }[] };
    if (parts.length === 1 && parts[0]?.pdfFileKey && parts[0].pdfMetadata) {
      key = parts[0].pdfFileKey;
      metadata = parts[0].pdfMetadata;
    } else {
      if (!mayMerge) return false;
      const sources = await Promise.all(
        parts.map(async (part) => bytesOf(await storage.getBuffer(part.pdfFileKey ?? ''))),
      );
      const merged = await PDF.merge(sources);
      metadata = readPageSizes(merged);
      key = `documents/${documentId}/combined-${revision}.pdf`;
      const saved = await merged.save();
      await storage.put(key, bufferOf(saved), PDF_CONTENT_TYPE);
      if (sources.reduce((total, source) => total + source.byteLength, 0) >= LARGE_FILE_BYTES) {
        releaseLargeBuffers([...sources, saved]);
      }
    }
    // Stored only if the parts did not change meanwhile; otherwise a newer combine follows.
    await setPdfAnnounced({ documentId, revision, key, metadata });
    return true;
  }

  /**
   * The document of one part gets that part's PDF in one statement (instead of reading the document and its parts
   * again), only while its parts are still at the revision read before converting: any part added, removed or
   * reordered since bumps it, and then the general `combine` decides. False when it did not apply.
   */
  async function setOnlyPartPdf(documentId: string, revision: number, key: string, metadata: PdfMetadata) {
    return setPdfAnnounced({ documentId, revision, key, metadata });
  }

  /**
   * The document's PDF set, the fields found in its files placed on it, and its `document.conversion_finished`
   * event, in one transaction.
   */
  async function setPdfAnnounced(params: Parameters<typeof setCombinedPdf>[1]): Promise<boolean> {
    return db.transaction(async (tx) => {
      const isSet = await setCombinedPdf(tx, params);
      if (isSet) {
        await placeFoundFields(tx, params.documentId);
        await recordEvent(tx, { type: 'document.conversion_finished', documentId: params.documentId });
      }
      return isSet;
    });
  }

  const combineDocument = defineJob({
    name: 'documents.combine',
    payload: z.object({ documentId: z.string().uuid() }),
    retryLimit: 5,
    // Merging five parts of 100 MB in all takes well under a second; the rest is reading and writing storage.
    expireInSeconds: 120,
    async handler({ documentId }) {
      await combine(documentId, true);
    },
  });

  /** A single part is combined here and now; a merge of several is queued. */
  async function combineOrQueue(documentId: string) {
    if (!(await combine(documentId, false))) await deps.jobs.send(combineDocument, { documentId });
  }

  /** The part's failure, and the document's `document.conversion_failed` event when it was not failed before. */
  async function failPart(partId: string, message: string) {
    await db.transaction(async (tx) => {
      const documentId = await failPartConversion(tx, { partId, message });
      if (documentId) await recordEvent(tx, { type: 'document.conversion_failed', documentId, message });
    });
  }

  /** Converts one part (one attempt; a ConversionError fails the part at once, any other error is retried). */
  async function convertPartNow(partId: string) {
    const found = await findPartToConvert(db, partId);
    // Removed meanwhile, or failed by an earlier attempt.
    if (!found || found.part.errorText) return;
    // Converted by an earlier attempt that failed before the combine.
    if (found.part.convertedAt) return combineOrQueue(found.part.documentId);
    const done: Uint8Array[] = [];
    try {
      await convert(found, done);
    } finally {
      // The original's and the PDF's bytes (and the upload's chunks before them) are garbage now.
      if (found.part.sizeBytes >= LARGE_FILE_BYTES) releaseLargeBuffers(done);
    }
  }

  /** PDFs and images: never behind an office file, which has a queue of its own. */
  const convertPart = defineJob({
    name: 'documents.convert-part',
    payload: z.object({ partId: z.string().uuid() }),
    retryLimit: 3,
    retryDelay: 2,
    // An image of 100 megapixels takes seconds; the rest is reading and writing storage. (Office parts queued here
    // before they had a queue of their own are converted here too, hence LibreOffice's times.)
    expireInSeconds: (OFFICE_START_TIMEOUT_MS + OFFICE_CONVERSION_TIMEOUT_MS) / 1000 + 120,
    handler: ({ partId }) => convertPartNow(partId),
    async onFinalFailure({ partId }) {
      await failPart(partId, MESSAGES.uploadUnsuccessful);
    },
  });

  /**
   * Office files, through the one LibreOffice, one at a time. Accounts take turns (`fairBy`): one account's queued
   * files hold another's for at most one conversion each, and a conversion is bounded in time and memory.
   */
  const convertOfficePart = defineJob({
    name: 'documents.convert-office-part',
    payload: z.object({ partId: z.string().uuid(), accountId: z.string().uuid() }),
    fairBy: 'accountId',
    retryLimit: 3,
    retryDelay: 2,
    // LibreOffice starting and converting, twice when a warm one went above its memory bound (the file is tried
    // once on a fresh one), then the PDF's normalising and storing.
    expireInSeconds: (2 * (OFFICE_START_TIMEOUT_MS + OFFICE_CONVERSION_TIMEOUT_MS)) / 1000 + 120,
    handler: ({ partId }) => convertPartNow(partId),
    async onFinalFailure({ partId }) {
      await failPart(partId, MESSAGES.uploadUnsuccessful);
    },
  });

  /**
   * Queues a part's conversion through `queue`, the `queue` of the transaction that inserts the part (so no part
   * exists without its job): an office file in the office queue, in its account's turn; others in their own.
   */
  async function queueConversion(
    queue: QueueInTransaction,
    part: { id: string; sourceKind: string },
    accountId: string,
  ) {
    if (part.sourceKind === 'office') await queue(convertOfficePart, { partId: part.id, accountId });
    else await queue(convertPart, { partId: part.id });
  }

  /**
   * Queues again the parts a crash or a lost job left unconverted: made over `CONVERSION_SWEEP_AFTER_MS` ago, not
   * converted, not failed, and with no conversion job waiting or running (a long office queue is not a loss).
   */
  const sweepUnconverted = defineJob({
    name: 'documents.convert-sweep',
    payload: z.object({}),
    retryLimit: 1,
    async handler() {
      const createdBefore = new Date(deps.now().getTime() - CONVERSION_SWEEP_AFTER_MS);
      const parts = await listUnconvertedParts(db, { createdBefore });
      const live = await deps.jobs.withLiveJobs(
        [convertPart, convertOfficePart],
        'partId',
        parts.map((part) => part.id),
      );
      const send: QueueInTransaction = (definition, payload, options) => deps.jobs.send(definition, payload, options);
      for (const part of parts) {
        if (!live.has(part.id)) await queueConversion(send, part, part.accountId);
      }
    },
  });

  /**
   * Converts a part, stores its PDF and page sizes, and combines the document when it was the last part. The bytes
   * it read and made are added to `done` (nothing reads them after it).
   */
  async function convert(
    { part, partCount, partsRevision }: NonNullable<Awaited<ReturnType<typeof findPartToConvert>>>,
    done: Uint8Array[],
  ) {
    const partId = part.id;
    const input = bytesOf(await storage.getBuffer(part.originalFileKey));
    done.push(input);
    let result: Awaited<ReturnType<typeof normalizePdf>>;
    try {
      // 'removed' before a conversion: the owner of a signed file chose to remove its active content.
      if (part.sourceKind === 'pdf')
        result = await normalizePdf(input, { isRemovalChosen: part.activeContent === 'removed', findFields: true });
      else if (part.sourceKind === 'image') result = await imageToPdfInChild(input, part.sourceExtension);
      else result = await officeToPdf(office, input, part.sourceExtension);
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      await failPart(partId, error.userMessage);
      return;
    }
    // Text tags and form fields became fields (issue 37) as the PDF was read: the tags covered, the widgets removed.
    const { found, bytes } = result;
    if (bytes !== input) done.push(bytes);
    // A sound PDF is kept byte for byte: the original is its own converted file, not stored twice.
    const isUnchanged = bytes === input;
    const pdfFileKey = isUnchanged ? part.originalFileKey : `documents/${part.documentId}/parts/${part.id}.pdf`;
    if (!isUnchanged) await storage.put(pdfFileKey, bufferOf(bytes), PDF_CONTENT_TYPE);
    const pages = result.metadata.pages.length;
    // The part's progress is pushed to the upload page (and to webhooks that chose it) with its change.
    await db.transaction(async (tx) => {
      await setPartConverted(tx, partId, {
        pdfFileKey,
        pdfMetadata: result.metadata,
        pagesTotal: pages,
        pagesConverted: pages,
        warningText: result.warning,
        activeContent: result.activeContent,
        foundFields: found?.fields.length ? found.fields : null,
        unplacedFields: found?.unplaced.length ? found.unplaced : null,
      });
      await recordEvent(tx, { type: 'document.part_converted', documentId: part.documentId });
    });
    if (partCount === 1 && (await setOnlyPartPdf(part.documentId, partsRevision, pdfFileKey, result.metadata))) {
      return;
    }
    await combineOrQueue(part.documentId);
  }

  return { convertPart, convertOfficePart, combineDocument, sweepUnconverted, queueConversion };
}
export type ConversionJobs = ReturnType<typeof conversionJobs>;
