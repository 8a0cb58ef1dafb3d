import { type BulkSendBatch, csvRowMessage, MESSAGES, mapBulkCsvSigners, type TemplateOption } from '@esign/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAppTexts, t } from '../../i18n';

// The page's texts load with its code (app/pages.ts).
beforeAll(loadAppTexts);

import { batchProgress, dryRunRows, isSendableTemplate, rowsToSend } from './bulk-send-view';

const template = (roles: string[]): TemplateOption => ({
  id: '00000000-0000-4000-8000-000000000009',
  title: 'Offer',
  message: null,
  signers: roles.map((role, index) => ({
    id: `00000000-0000-4000-8000-00000000001${index}`,
    role,
    order: index + 1,
    prefillLabels: [],
  })),
});

describe('isSendableTemplate', () => {
  it('takes a template with exactly one signer role', () => {
    expect(isSendableTemplate(template(['Client']))).toBe(true);
    expect(isSendableTemplate(template(['Client', 'Manager']))).toBe(false);
    expect(isSendableTemplate(template([]))).toBe(false);
  });
});

describe('dryRunRows and rowsToSend', () => {
  const table = {
    header: ['Name', 'Email', 'Company'],
    rows: [
      ['Ann Lee', 'ann@example.com', 'Acme'],
      ['Bob Stone', '', 'Globex'],
      ['Carol King', 'carol@example.com', ''],
      ['', '', ''],
    ],
  };
  const columns = { nameColumn: 0, emailColumn: 1 };

  it("lists every row in the file's order, the refused ones with their cells and the shared message", () => {
    const mapped = mapBulkCsvSigners(table, { ...columns, prefillLabels: ['Company'] });
    if (!mapped.ok) throw new Error(mapped.message);
    const rows = dryRunRows(table, columns, mapped);
    expect(rows).toEqual([
      { row: 2, name: 'Ann Lee', email: 'ann@example.com', prefill: { Company: 'Acme' }, error: null },
      { row: 3, name: 'Bob Stone', email: '', prefill: {}, error: MESSAGES.signerNoEmail },
      { row: 4, name: 'Carol King', email: 'carol@example.com', prefill: {}, error: null },
    ]);
    expect(rowsToSend(rows)).toEqual([
      { name: 'Ann Lee', email: 'ann@example.com', prefill: { Company: 'Acme' } },
      { name: 'Carol King', email: 'carol@example.com' },
    ]);
  });
});

describe('batchProgress', () => {
  const row = (status: BulkSendBatch['rows'][number]['status']) => ({
    row: 2,
    name: 'Ann',
    email: 'ann@example.com',
    status,
    documentId: null,
    error: null,
  });

  it('counts the rows by status; finished once none is queued', () => {
    expect(batchProgress({ rows: [row('sent'), row('queued'), row('failed')] })).toEqual({
      queued: 1,
      sent: 1,
      failed: 1,
      total: 3,
      isFinished: false,
    });
    expect(batchProgress({ rows: [row('sent'), row('failed')] }).isFinished).toBe(true);
  });
});

describe('the row error text', () => {
  it("words 'Row N: message' as the shared rule and the server do", () => {
    expect(t('bulkSend.rowError', { row: 3, message: MESSAGES.signerNoEmail })).toBe(
      csvRowMessage(3, MESSAGES.signerNoEmail),
    );
  });
});
