import { type DocumentPart, MESSAGES } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import {
  type ConversionData,
  canPrepare,
  hasNewlySettledParts,
  hasOnlyFailedFiles,
  isConversionPending,
  type PendingUpload,
  partRows,
  pendingRows,
} from './upload-rows';

function part(id: string, order: number, change: Partial<DocumentPart> = {}): DocumentPart {
  return {
    id,
    order,
    originalFileName: `${id}.pdf`,
    sizeBytes: 1000,
    filesUploaded: false,
    pagesConverted: 0,
    pagesTotal: null,
    errorText: null,
    warningText: null,
    unplacedFields: null,
    activeContent: null,
    files: [],
    pdfMetadata: null,
    ...change,
  };
}

const live = (id: string, change: Partial<ConversionData['parts'][number]> = {}) => ({
  id,
  filesUploaded: false,
  pagesConverted: 0,
  pagesTotal: null,
  errorText: null,
  warningText: null,
  unplacedFields: null,
  ...change,
});

describe('partRows', () => {
  it('orders the parts and shows 50 for an uploaded part that is converting', () => {
    const rows = partRows([part('b', 1), part('a', 0)], undefined);
    expect(rows.map((row) => [row.name, row.status, row.progress])).toEqual([
      ['a.pdf', 'converting', 50],
      ['b.pdf', 'converting', 50],
    ]);
  });

  it('takes the progress from the poll: 50 plus the share of pages converted, 100 when done', () => {
    const conversion: ConversionData = {
      isFinished: false,
      parts: [
        live('a', { pagesConverted: 1, pagesTotal: 4 }),
        live('b', { filesUploaded: true, pagesConverted: 2, pagesTotal: 2 }),
      ],
    };
    const rows = partRows([part('a', 0), part('b', 1)], conversion);
    expect(rows.map((row) => [row.status, row.progress])).toEqual([
      ['converting', 63],
      ['converted', 100],
    ]);
  });

  it('shows a failed conversion with its error text and a warning as a notice', () => {
    const password = 'This PDF is protected by a password. Remove the password and upload it again.';
    const rows = partRows(
      [part('a', 0, { filesUploaded: true, warningText: 'Signatures will not stay valid.' }), part('b', 1)],
      { isFinished: true, parts: [live('a', { filesUploaded: true }), live('b', { errorText: password })] },
    );
    expect(rows[0]).toMatchObject({
      status: 'converted',
      warningText: 'Signatures will not stay valid.',
      errorText: null,
    });
    expect(rows[1]).toMatchObject({ status: 'failed', errorText: password, errorTitle: null });
  });

  it('offers the active-content choice on a converted signed file that kept it, until it is made', () => {
    const found = { filesUploaded: true, activeContent: 'found' as const, warningText: 'Contains scripts.' };
    const rows = partRows(
      [
        part('a', 0, found),
        part('b', 1, { ...found, activeContent: 'kept' }),
        part('c', 2, { ...found, activeContent: 'removed' }),
        // Removing converts it again: no choice while it converts.
        part('d', 3, { activeContent: 'found' }),
      ],
      undefined,
    );
    expect(rows.map((row) => row.isActiveContentChoiceOpen)).toEqual([true, false, false, false]);
  });

  it('keeps a part converted when an older poll answer still says otherwise', () => {
    const rows = partRows([part('a', 0, { filesUploaded: true })], { isFinished: false, parts: [live('a')] });
    expect(rows[0]?.status).toBe('converted');
  });
});

describe('pendingRows', () => {
  it('shows 10 while queued or uploading, and a refused upload as Failed to upload with its reason', () => {
    const pending: PendingUpload[] = [
      { key: 'k1', name: 'a.pdf', size: 1, status: 'queued' },
      { key: 'k2', name: 'b.pdf', size: 1, status: 'uploading' },
      { key: 'k3', name: 'c.pdf', size: 1, status: 'refused', reason: MESSAGES.fileContentMismatch },
    ];
    expect(pendingRows(pending).map((row) => [row.status, row.progress, row.errorTitle, row.errorText])).toEqual([
      ['queued', 10, null, null],
      ['uploading', 10, null, null],
      ['failed', 10, MESSAGES.failedToUpload, MESSAGES.fileContentMismatch],
    ]);
  });
});

describe('file names in the list', () => {
  // Cause: a name's bidirectional controls were shown as they act (U+202E made 'lease\u202Excod.pdf' read
  // 'leasefdp.docx'); the server removes them from the names it answers, and the list from the names still on their way.
  it('are shown without bidirectional controls', () => {
    expect(pendingRows([{ key: 'k', name: 'lease\u202Excod\u2066.pdf', size: 1, status: 'queued' }])[0]?.name).toBe(
      'leasexcod.pdf',
    );
  });
});

describe('canPrepare', () => {
  const converted = partRows([part('a', 0, { filesUploaded: true })], undefined);
  it('needs at least one file, all converted, none failed', () => {
    expect(canPrepare([])).toBe(false);
    expect(canPrepare(converted)).toBe(true);
    expect(canPrepare([...converted, ...partRows([part('b', 1)], undefined)])).toBe(false);
    expect(canPrepare([...converted, ...pendingRows([{ key: 'k', name: 'x.pdf', size: 1, status: 'refused' }])])).toBe(
      false,
    );
  });
});

describe('conversion polling', () => {
  it('runs while the document has parts and the server has not finished', () => {
    expect(isConversionPending([], undefined)).toBe(false);
    expect(isConversionPending([part('a', 0)], undefined)).toBe(true);
    expect(isConversionPending([part('a', 0)], { isFinished: false, parts: [] })).toBe(true);
    expect(isConversionPending([part('a', 0)], { isFinished: true, parts: [] })).toBe(false);
  });

  it('notices parts the poll reports done that the stored document does not know as done', () => {
    const parts = [part('a', 0)];
    expect(hasNewlySettledParts(parts, undefined)).toBe(false);
    expect(hasNewlySettledParts(parts, { isFinished: false, parts: [live('a')] })).toBe(false);
    expect(hasNewlySettledParts(parts, { isFinished: true, parts: [live('a', { filesUploaded: true })] })).toBe(true);
    expect(hasNewlySettledParts(parts, { isFinished: true, parts: [live('a', { errorText: 'x' })] })).toBe(true);
    expect(
      hasNewlySettledParts([part('a', 0, { filesUploaded: true })], {
        isFinished: true,
        parts: [live('a', { filesUploaded: true })],
      }),
    ).toBe(false);
  });
});

describe('hasOnlyFailedFiles', () => {
  it('is true when every file failed, or none is left: the draft made for them is not kept', () => {
    // Cause: a draft made for an upload that failed (random bytes, an empty or a password-protected PDF) stayed in
    // the list as a nameless 'Untitled' draft after the user left the page.
    const refused = pendingRows([{ key: 'a', name: 'x.pdf', size: 3, status: 'refused', reason: 'No' }]);
    const failedPart = partRows([part('p1', 1, { errorText: MESSAGES.uploadUnsuccessful })], undefined);
    expect(hasOnlyFailedFiles([...refused, ...failedPart])).toBe(true);
    expect(hasOnlyFailedFiles([])).toBe(true);
  });

  it('is false while a file is on its way, converting or converted', () => {
    const queued = pendingRows([{ key: 'a', name: 'x.pdf', size: 3, status: 'uploading' }]);
    const converting = partRows([part('p1', 1)], undefined);
    const converted = partRows([part('p2', 1, { filesUploaded: true })], undefined);
    expect(hasOnlyFailedFiles(queued)).toBe(false);
    expect(hasOnlyFailedFiles(converting)).toBe(false);
    expect(hasOnlyFailedFiles(converted)).toBe(false);
  });
});
