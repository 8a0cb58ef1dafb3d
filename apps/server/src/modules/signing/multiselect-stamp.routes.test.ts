// Issue 37: a multiselect's ticks counted on submit, a company stamp uploaded by the signer and placed, and the
// postcode preset, through the signer's routes; the sealed PDF prints the ticked options and stays pdfsig-valid.
import { MESSAGES, type Requisite } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { pdfsig, pdftotext } from '../../../test/poppler.js';
import { pngBase64 } from '../../../test/requisites.js';
import {
  type AwaitingDocumentOptions,
  oneSignerDocument,
  signerRequisite,
  waitForSealed,
} from '../../../test/signing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const choices = ['Support, 24/7', 'Training', 'Hosting "EU"', 'Audit'];

const oneSigner = (fields: AwaitingDocumentOptions['signers'][number]['fields']) => oneSignerDocument(t.app, fields);

describe('a multiselect', () => {
  it('refuses too few, too many and unlisted ticks with their message; stores the ticks in the choices’ order', async () => {
    const { ids, save, sign, rows } = await oneSigner([
      { type: 'multiselect', settings: { choices, minChoices: 2, maxChoices: 3 } },
    ]);
    const refusals: [string, string][] = [
      [JSON.stringify(['Training']), MESSAGES.fieldChoicesTooFew],
      [JSON.stringify(choices), MESSAGES.fieldChoicesTooMany],
      [JSON.stringify(['Training', 'Consulting']), MESSAGES.fieldChoicesInvalid],
      ['Training, Audit', MESSAGES.fieldChoicesInvalid],
    ];
    for (const [text, message] of refusals) {
      const saved = await save([{ id: ids[0], text }]);
      expect([text, saved.statusCode, saved.json().message]).toEqual([text, 400, message]);
      const signed = await sign([{ id: ids[0], text }]);
      expect([text, signed.statusCode, signed.json().message]).toEqual([text, 400, message]);
    }
    // Nothing ticked is no value: a required multiselect cannot be submitted empty.
    const empty = await sign([{ id: ids[0], text: '[]' }]);
    expect(empty.statusCode).toBe(400);
    expect((await rows())[0]?.text).toBeNull();

    const good = await sign([{ id: ids[0], text: JSON.stringify(['Audit', 'Support, 24/7']) }]);
    expect(good.statusCode, good.body).toBe(200);
    expect((await rows())[0]?.text).toBe(JSON.stringify(['Support, 24/7', 'Audit']));
  });

  it('an optional one may be left empty whatever its minimum', async () => {
    const { ids, sign, rows } = await oneSigner([
      { type: 'multiselect', required: false, settings: { choices, minChoices: 2 } },
      { type: 'text' },
    ]);
    const answer = await sign([{ id: ids[1], text: 'x' }]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await rows())[0]?.text).toBeNull();
  });
});

describe('a stamp', () => {
  it("takes the signer's uploaded stamp (not a signature), and the sealed PDF prints the ticks and stays valid", async () => {
    const { doc, signer, ids, as, sign } = await oneSigner([
      { type: 'stamp', width: 90, height: 90 },
      { type: 'multiselect', settings: { choices }, width: 300, height: 40 },
    ]);
    // A stamp is an uploaded image saved alone; drawn or typed it is refused.
    const drawn = await as('POST', '/requisites', {
      requisites: [{ type: 'stamp', valueType: 'draw', image: await pngBase64(120, 120) }],
    });
    expect(drawn.statusCode).toBe(400);
    expect(drawn.body).toContain(MESSAGES.stampUploadOnly);
    const created = await as('POST', '/requisites', {
      requisites: [{ type: 'stamp', valueType: 'upload', image: await pngBase64(120, 120) }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const [stamp] = created.json<Requisite[]>();
    expect(stamp).toMatchObject({ type: 'stamp', valueType: 'upload', siblingId: null });

    const signature = await signerRequisite(t.app, signer.id, 'sign');
    const wrong = await sign([{ id: ids[0], requisiteId: signature }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.requisiteInvalid);

    const answer = await sign([
      { id: ids[0], requisiteId: stamp?.id },
      { id: ids[1], text: JSON.stringify(['Training', 'Hosting "EU"']) },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const sealed = await waitForSealed(t.app, doc.documentId);
    const bytes = await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey as string);
    expect(pdfsig(bytes)).toContain('Signature Validation: Signature is Valid.');
    expect(pdftotext(bytes, { first: 1, last: 1 }).replace(/\s+/g, ' ')).toContain('Training, Hosting "EU"');
  });
});

describe('the postcode preset', () => {
  it("refuses a text that is not a postcode of the field's country, with its message", async () => {
    const { ids, save, sign } = await oneSigner([
      { type: 'text', settings: { pattern: 'postcode', postcodeCountry: 'GB' } },
      { type: 'text', settings: { pattern: 'postcode', postcodeCountry: 'NL' } },
    ]);
    for (const [index, text] of [
      [0, '12345'],
      [1, '0123 AB'],
    ] as const) {
      const answer = await save([{ id: ids[index], text }]);
      expect([text, answer.statusCode, answer.json().message]).toEqual([text, 400, MESSAGES.fieldPostcodeInvalid]);
    }
    const good = await sign([
      { id: ids[0], text: 'SW1A 1AA' },
      { id: ids[1], text: '1012 ab' },
    ]);
    expect(good.statusCode, good.body).toBe(200);
  });
});
