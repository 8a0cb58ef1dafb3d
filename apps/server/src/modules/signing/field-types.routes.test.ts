// Issue 37: the newer field kinds through the signer's routes: each takes a good value and refuses a bad one with
// its message, the sender's validation rules hold on submit, a formula is recomputed (a wrong value refused), a
// locked name keeps the signer's own, and the sealed PDF stays valid and prints every value where it was placed.
import { type DocumentFieldResponse, type FieldSettings, type FieldType, MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { pdfsig, pdftotext } from '../../../test/poppler.js';
import { oneSignerDocument, signerRequisite, todayMmDdYyyy, waitForSealed } from '../../../test/signing.js';
import { listFields } from '../../data/document-fields.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Spec = { type: FieldType; settings?: FieldSettings; required?: boolean; height?: number; width?: number };

async function oneSigner(fields: Spec[], name = 'Dana Fox') {
  const signer = await oneSignerDocument(t.app, fields, name);
  /** The stored texts of the fields, in the order given. */
  const texts = async () => (await signer.rows()).map((row) => row?.text);
  return { ...signer, texts };
}

const cases: {
  type: FieldType;
  settings?: FieldSettings;
  good: string;
  stored: string;
  bad: string;
  message: string;
}[] = [
  {
    type: 'number',
    settings: { min: 1, max: 100, decimals: 2 },
    good: ' 12,5 ',
    stored: '12.5',
    bad: '12.345',
    message: MESSAGES.fieldNumberDecimals,
  },
  {
    type: 'number',
    settings: { min: 1, max: 100 },
    good: '100',
    stored: '100',
    bad: '101',
    message: MESSAGES.fieldNumberTooLarge,
  },
  { type: 'number', settings: { min: 1 }, good: '1', stored: '1', bad: '0', message: MESSAGES.fieldNumberTooSmall },
  { type: 'number', good: '-3', stored: '-3', bad: 'twelve', message: MESSAGES.fieldNumberInvalid },
  { type: 'email', good: 'dana@example.org', stored: 'dana@example.org', bad: 'dana@', message: MESSAGES.invalidEmail },
  { type: 'name', good: 'Dana Q. Fox', stored: 'Dana Q. Fox', bad: 'x'.repeat(101), message: MESSAGES.maxLength100 },
  { type: 'company', good: 'Fox & Co', stored: 'Fox & Co', bad: 'y'.repeat(101), message: MESSAGES.maxLength100 },
  {
    type: 'dropdown',
    settings: { choices: ['Basic', 'Pro', 'Team'] },
    good: 'Pro',
    stored: 'Pro',
    bad: 'Enterprise',
    message: MESSAGES.fieldChoiceInvalid,
  },
  {
    type: 'radio',
    settings: { choices: ['Monthly', 'Yearly'] },
    good: 'Yearly',
    stored: 'Yearly',
    bad: 'yearly',
    message: MESSAGES.fieldChoiceInvalid,
  },
  {
    type: 'phone',
    settings: { country: 'GB' },
    good: '020 7946 0958',
    stored: '+442079460958',
    bad: '12345',
    message: MESSAGES.fieldPhoneInvalid,
  },
  {
    type: 'phone',
    good: '+1 415 555 2671',
    stored: '+14155552671',
    bad: '+1 555',
    message: MESSAGES.fieldPhoneInvalid,
  },
  {
    type: 'url',
    good: 'https://fox.example/about',
    stored: 'https://fox.example/about',
    bad: 'javascript:alert(1)',
    message: MESSAGES.invalidUrl,
  },
];

describe('the newer field kinds, as a signer gives them', () => {
  it.each(cases)('$type takes "$good" (stored "$stored") and refuses "$bad"', async (c) => {
    const { ids, save, sign, texts } = await oneSigner([
      { type: c.type, ...(c.settings ? { settings: c.settings } : {}) },
    ]);
    const bad = await save([{ id: ids[0], text: c.bad }]);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().message).toBe(c.message);
    // The same refusal on submit, and nothing is finished.
    const badSign = await sign([{ id: ids[0], text: c.bad }]);
    expect(badSign.statusCode).toBe(400);
    expect(badSign.json().message).toBe(c.message);

    const good = await sign([{ id: ids[0], text: c.good }]);
    expect(good.statusCode, good.body).toBe(200);
    expect(await texts()).toEqual([c.stored]);
  });

  it("enforces the sender's validation rules with their message: lengths, presets, a custom pattern", async () => {
    const { ids, save, sign } = await oneSigner([
      { type: 'text', settings: { minLength: 3, maxLength: 5 } },
      { type: 'text', settings: { pattern: 'letters' } },
      { type: 'text', settings: { pattern: 'email' } },
      { type: 'text', settings: { pattern: 'number' } },
      {
        type: 'text',
        settings: {
          pattern: 'custom',
          customPattern: '[A-Z]{2}\\d{4}',
          patternMessage: 'Two capitals and four digits',
        },
      },
    ]);
    const refusals: [number, string, string][] = [
      [0, 'ab', MESSAGES.fieldTooShort],
      [0, 'abcdef', MESSAGES.fieldTooLong],
      [1, 'Ann 2', MESSAGES.fieldLettersOnly],
      [2, 'ann', MESSAGES.invalidEmail],
      [3, '1.2.3', MESSAGES.fieldNumberInvalid],
      [4, 'ab1234', 'Two capitals and four digits'],
      [4, 'AB1234x', 'Two capitals and four digits'],
    ];
    for (const [index, text, message] of refusals) {
      const answer = await save([{ id: ids[index], text }]);
      expect([text, answer.statusCode, answer.json().message]).toEqual([text, 400, message]);
    }
    const good = await sign([
      { id: ids[0], text: 'abcd' },
      { id: ids[1], text: "Zoë D'Arc" },
      { id: ids[2], text: 'ann@example.com' },
      { id: ids[3], text: '1.5' },
      { id: ids[4], text: 'AB1234' },
    ]);
    expect(good.statusCode, good.body).toBe(200);
  });

  it('recomputes a formula on submit: the right value is kept, a wrong one refused, a missing one written', async () => {
    const fields: Spec[] = [
      { type: 'number', settings: { name: 'price', decimals: 2 } },
      { type: 'number', settings: { name: 'qty' } },
      { type: 'formula', settings: { name: 'subtotal', formula: 'price * qty', decimals: 2 } },
      { type: 'formula', settings: { name: 'total', formula: 'round(subtotal * 1.2, 2)', decimals: 2, prefix: '€' } },
    ];
    const wrong = await oneSigner(fields);
    const refused = await wrong.sign([
      { id: wrong.ids[0], text: '9.99' },
      { id: wrong.ids[1], text: '3' },
      { id: wrong.ids[2], text: '29.97' },
      { id: wrong.ids[3], text: '99.00' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.fieldFormulaMismatch);
    expect(refused.json().errors?.[0]?.property ?? refused.body).toContain(wrong.ids[3]);

    const right = await wrong.sign([
      { id: wrong.ids[0], text: '9.99' },
      { id: wrong.ids[1], text: '3' },
      { id: wrong.ids[2], text: '29.97' },
    ]);
    expect(right.statusCode, right.body).toBe(200);
    expect(await wrong.texts()).toEqual(['9.99', '3', '29.97', '35.96']);
  });

  it('refuses to finish when a formula cannot be computed (division by zero)', async () => {
    const { ids, sign } = await oneSigner([
      { type: 'number', settings: { name: 'a' } },
      { type: 'number', settings: { name: 'b' }, required: false },
      { type: 'formula', settings: { formula: 'a / b' } },
    ]);
    const answer = await sign([{ id: ids[0], text: '4' }]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(MESSAGES.fieldFormulaInvalid);
  });

  it("starts name and e-mail with the signer's own; a locked one cannot be changed and is filled on submit", async () => {
    const { ids, save, sign, view, texts } = await oneSigner(
      [{ type: 'name', settings: { locked: true } }, { type: 'email' }, { type: 'company', required: false }],
      'Ada Lovelace',
    );
    const seen = (await view()).json<{ fields: DocumentFieldResponse[]; signer: { email: string } }>();
    const own = new Map(seen.fields.map((field) => [field.id, field]));
    expect(own.get(ids[0] as string)?.text).toBe('Ada Lovelace');
    expect(own.get(ids[1] as string)?.text).toBe(seen.signer.email);
    expect(own.get(ids[2] as string)?.text).toBeNull();

    const changed = await save([{ id: ids[0], text: 'Someone Else' }]);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(MESSAGES.fieldLocked);
    // The e-mail is editable; the locked name is filled by the server.
    const signed = await sign([{ id: ids[1], text: 'ada@example.net' }]);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await texts()).toEqual(['Ada Lovelace', 'ada@example.net', null]);
  });

  it('seals a document of every newer kind: pdfsig-valid, every value printed', async () => {
    const { doc, ids, sign } = await oneSigner([
      { type: 'number', settings: { name: 'seats', prefix: 'x', suffix: ' seats' } },
      { type: 'number', settings: { name: 'price', decimals: 2 } },
      { type: 'formula', settings: { formula: 'seats * price', decimals: 2, prefix: 'EUR ' } },
      { type: 'name' },
      { type: 'email' },
      { type: 'company' },
      { type: 'dropdown', settings: { choices: ['Basic', 'Professional'] } },
      { type: 'radio', settings: { choices: ['Monthly', 'Yearly'] }, height: 40, width: 150 },
      { type: 'phone' },
      { type: 'url' },
    ]);
    const answer = await sign([
      { id: ids[0], text: '12' },
      { id: ids[1], text: '7.25' },
      { id: ids[3], text: 'Grace Hopper' },
      { id: ids[4], text: 'grace@navy.example' },
      { id: ids[5], text: 'Cobol Works' },
      { id: ids[6], text: 'Professional' },
      { id: ids[7], text: 'Yearly' },
      { id: ids[8], text: '+14155552671' },
      { id: ids[9], text: 'https://hopper.example' },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const sealed = await waitForSealed(t.app, doc.documentId);
    const bytes = await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey as string);
    expect(pdfsig(bytes)).toContain('Signature Validation: Signature is Valid.');
    const text = pdftotext(bytes, { first: 1, last: 1 }).replace(/\s+/g, ' ');
    for (const value of [
      'x12 seats',
      '7.25',
      'EUR 87.00',
      'Grace Hopper',
      'grace@navy.example',
      'Cobol Works',
      'Professional',
      'Yearly',
      '+14155552671',
      'https://hopper.example',
    ]) {
      expect(text).toContain(value);
    }
  });

  it('seals a document of the first five kinds as before: no settings, values as typed, pdfsig-valid', async () => {
    const { doc, ids, sign } = await oneSigner([
      { type: 'signature' },
      { type: 'initials' },
      { type: 'date' },
      { type: 'text' },
      { type: 'checkbox' },
    ]);
    const signerId = doc.signers[0]?.id as string;
    const today = todayMmDdYyyy();
    const answer = await sign([
      { id: ids[0], requisiteId: await signerRequisite(t.app, signerId, 'sign') },
      { id: ids[1], requisiteId: await signerRequisite(t.app, signerId, 'initial') },
      { id: ids[2], text: today },
      // A plain text keeps its spaces and commas exactly (the newer kinds' normal form is theirs only).
      { id: ids[3], text: '  12,50 as typed' },
      { id: ids[4], checked: true },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await listFields(t.app.platform.database.db, doc.documentId);
    expect(rows.map((row) => row.settings)).toEqual([null, null, null, null, null]);
    expect(rows.find((row) => row.id === ids[3])?.text).toBe('  12,50 as typed');
    const sealed = await waitForSealed(t.app, doc.documentId);
    const bytes = await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey as string);
    expect(pdfsig(bytes)).toContain('Signature Validation: Signature is Valid.');
    const text = pdftotext(bytes, { first: 1, last: 1 });
    expect(text).toContain(today);
    expect(text).toContain('12,50 as typed');
  });
});
