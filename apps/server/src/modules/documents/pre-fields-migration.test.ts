// Issue 37's rule "old documents and templates open and seal exactly as before": a database written by the main
// before issue 37 (commit d340892, migrations up to 0038; test/fixtures/pre-fields-database, made by that code
// through its API) is migrated by today's code (0039 and later) and keeps working: its fields read as that main
// answered them (no settings), the in-progress document's second signer signs from the link mailed back then and
// the document seals with every value, the document completed back then still verifies, and the template makes a
// document with the template's fields.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Document, type DocumentField, type Requisite, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import oldAnswers from '../../../test/fixtures/pre-fields-database/old-answers.json' with { type: 'json' };
import { pdfsig, pdftotext } from '../../../test/poppler.js';
import { todayMmDdYyyy } from '../../../test/signing.js';
import { readMigrationLevel } from '../../data/backup.js';
import { PRUNING_DEFAULTS } from '../../platform/config.js';
import { migrationsDir } from '../../platform/paths.js';

const fixture = join(import.meta.dirname, '../../../test/fixtures/pre-fields-database');
const old = oldAnswers as unknown as Record<'lease' | 'receipt' | 'template', Document>;
const OWNER = { email: 'owner@example.com', password: 'secret1' };

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({
    seed: { dump: join(fixture, 'dump.sql'), files: join(fixture, 'files') },
    // The mails of the fixture's day (its signing and download links) stay, however long ago that day is.
    config: { pruning: { ...PRUNING_DEFAULTS, outboxDays: 0 } },
  });
  const { body } = await authClient(t.app).signIn(OWNER.email, OWNER.password);
  if (body.type !== 'authorized') throw new Error(`sign-in answered ${body.type}`);
  headers = { authorization: `Bearer ${body.accessToken}` };
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, callHeaders: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: callHeaders, ...(payload ? { payload } : {}) });

async function documentNow(id: string): Promise<Document> {
  const answer = await api('GET', `/documents/${id}`, headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Document>();
}

const byPosition = (fields: DocumentField[]) =>
  [...fields].sort((a, b) => a.coordinateX - b.coordinateX || a.coordinateY - b.coordinateY);

/** The sealed PDF behind a completion mail's download link (the owner's, of the document titled `title`). */
async function completedPdf(title: string): Promise<Buffer> {
  const mail = await waitForMail(t.app, OWNER.email, {
    subject: new RegExp(`^Completed: ${title}$`),
    timeoutMs: 90_000,
  });
  const id = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? '').pathname.split('/')[2];
  const link = await api(
    'GET',
    `/document_sign/documents/${id}/signed_download_url/hash?hash=${linkParam(mail, 'hash')}`,
    {},
  );
  expect(link.statusCode, link.body).toBe(200);
  const { pathname, search } = new URL(link.json<{ url: string }>().url);
  const pdf = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
  expect(pdf.statusCode).toBe(200);
  return pdf.rawPayload;
}

async function verdict(bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'sealed.pdf');
  const answer = await t.app.inject({ method: 'POST', url: '/api/v1/verify', payload: form });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ verdict: string }>().verdict;
}

function expectSealed(bytes: Buffer) {
  const report = pdfsig(bytes);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Total document signed');
}

describe('a database made by the main before issue 37', () => {
  it("is migrated from 0038 (the dump's last) to the newest migration", async () => {
    const dump = readFileSync(join(fixture, 'dump.sql'), 'utf8');
    expect(dump.match(/^INSERT INTO drizzle\.__drizzle_migrations /gm)).toHaveLength(39);
    const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as { entries: [] };
    expect((await readMigrationLevel(t.app.platform.database.db)).count).toBe(journal.entries.length);
  });

  it('answers its documents and template as that main did, their fields without settings', async () => {
    for (const name of ['lease', 'receipt', 'template'] as const) {
      const before = old[name];
      const now = await documentNow(before.id);
      expect(now).toMatchObject({ title: before.title, status: before.status, type: before.type });
      // Today's signers carry more keys (issue 37's sibling migrations); those the older main answered are the same.
      expect(now.signers).toMatchObject(before.signers);
      expect(now.fields).toHaveLength(before.fields.length);
      const nowFields = new Map(now.fields.map((field) => [field.id, field]));
      for (const field of before.fields) expect(nowFields.get(field.id)).toEqual({ ...field, settings: null });
    }
    // The fixture holds the five old kinds for each of two signers, the first signer's values given.
    expect(new Set(old.lease.fields.map((field) => field.type))).toEqual(
      new Set(['signature', 'initials', 'date', 'text', 'checkbox']),
    );
  });

  it('lets the second signer sign from the link mailed back then, and the document seals with every value', async () => {
    const [bob, carol] = old.lease.signers;
    if (!bob || !carol) throw new Error('the fixture has two signers');
    const carolHeaders = {
      [SIGN_ACCESS_TOKEN_HEADER]: linkParam(await waitForMail(t.app, carol.email), 'signAccessToken'),
    };
    const image = (
      await sharp({ create: { width: 120, height: 40, channels: 4, background: '#ffffff00' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const pair = await api('POST', '/requisites', carolHeaders, {
      requisites: [
        { type: 'sign', valueType: 'text', text: 'Carol Reed', fontFamily: 'dancingScript', fontSize: 36, image },
        { type: 'initial', valueType: 'text', text: 'CR', fontFamily: 'dancingScript', fontSize: 36, image },
      ],
    });
    expect(pair.statusCode, pair.body).toBe(200);
    const requisite = (type: string) => pair.json<Requisite[]>().find((item) => item.type === type)?.id;
    const today = todayMmDdYyyy();
    const values = old.lease.fields
      .filter((field) => field.signerId === carol.id)
      .map((field) => {
        switch (field.type) {
          case 'signature':
            return { id: field.id, requisiteId: requisite('sign') };
          case 'initials':
            return { id: field.id, requisiteId: requisite('initial') };
          case 'date':
            return { id: field.id, text: today };
          case 'text':
            return { id: field.id, text: 'Carol Reed text' };
          default:
            return { id: field.id, checked: true };
        }
      });
    const signed = await api(
      'PATCH',
      `/document_sign/documents/${old.lease.id}/signers/${carol.id}/sign`,
      carolHeaders,
      { fields: values, consent: 'I agree to sign electronically.' },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<{ documentStatus: string }>().documentStatus).toBe('completed');

    const bytes = await completedPdf(old.lease.title);
    expectSealed(bytes);
    // In drawing order: a value drawn over a line of the page's text is not interleaved with it.
    const text = pdftotext(bytes, {}, '-raw');
    const bobDate = old.lease.fields.find((field) => field.signerId === bob.id && field.type === 'date')?.text;
    for (const value of ['Bob Stone text', 'Carol Reed text', bobDate, today]) expect(text).toContain(value);
    expect(await verdict(bytes)).toBe('intact');
  });

  it('still verifies the document completed and sealed back then', async () => {
    const bytes = await completedPdf(old.receipt.title);
    expectSealed(bytes);
    expect(pdftotext(bytes, {}, '-raw')).toContain('Dan Hale text');
    expect(await verdict(bytes)).toBe('intact');
  });

  it("makes a document from the template with the template's fields", async () => {
    const template = old.template;
    const made = await api('POST', `/documents/templates/${template.id}/create-document`, headers, {
      signers: [
        { name: 'Erin Cole', email: 'erin@example.com' },
        { name: 'Finn Ward', email: 'finn@example.com' },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    const document = made.json<Document>();
    const role = (signers: Document['signers'], id: string | null) => signers.find((s) => s.id === id)?.order;
    const shape = (fields: DocumentField[], signers: Document['signers']) =>
      byPosition(fields).map(({ id: _id, signerId, ...field }) => ({ ...field, order: role(signers, signerId) }));
    expect(shape(document.fields, document.signers)).toEqual(
      shape(
        template.fields.map((field) => ({ ...field, settings: null })),
        template.signers,
      ),
    );
    const sent = await api('PATCH', `/document_sign/documents/${document.id}/send_out`, headers);
    expect(sent.statusCode, sent.body).toBe(200);
  });
});
