// Issue 37, prefill: the sender gives a value to another signer's field. The editor's save checks it with the
// field's rules (stored in its normal form); a locked one cannot be changed by the signer and is sealed as given,
// an unlocked one is only where the signer starts.
import { type Document, MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient, fieldInput } from '../../../test/documents.js';
import { pdftotext } from '../../../test/poppler.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';
import { listFields } from '../../data/document-fields.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the sender's prefilled values", () => {
  it("checks a value given to another signer's field on save, at fields.N.text, and stores its normal form", async () => {
    const docs = documentClient(t.app, (await authClient(t.app).loggedInUser()).accessToken);
    const document = await docs.createReady('others');
    const withSigners = (
      await docs.patch(document.id, { signers: [{ name: 'Bob', email: 'bob@example.com', order: 1 }] })
    ).json<Document>();
    const bob = withSigners.signers.find((signer) => !signer.isPreparer)?.id ?? null;
    const number = (text: string) =>
      fieldInput({ type: 'number', signerId: bob, text, settings: { decimals: 2, locked: true } });

    const bad = await docs.patch(document.id, { fields: [number('12.345')] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.fieldNumberDecimals);
    expect(bad.json().errors).toEqual([
      {
        property: 'fields',
        constraints: {},
        children: [
          {
            property: '0',
            constraints: {},
            children: [{ property: 'text', constraints: { field: MESSAGES.fieldNumberDecimals }, children: [] }],
          },
        ],
      },
    ]);
    const formula = await docs.patch(document.id, {
      fields: [fieldInput({ type: 'formula', signerId: bob, text: '3', settings: { formula: '1 + 2' } })],
    });
    expect(formula.statusCode).toBe(400);
    expect(formula.body).toContain(MESSAGES.fieldLocked);

    const good = await docs.patch(document.id, { fields: [number(' 12,5 ')] });
    expect(good.statusCode, good.body).toBe(200);
    const rows = await listFields(t.app.platform.database.db, document.id);
    expect(rows.map((row) => [row.text, row.settings?.locked])).toEqual([['12.5', true]]);
  });

  it('keeps a locked value as given, lets the signer change an unlocked one, and seals them', async () => {
    const doc = await awaitingDocument(t.app, {
      signers: [
        {
          name: 'Dana Fox',
          fields: [
            { type: 'number', text: '12.5', settings: { locked: true } },
            { type: 'number', text: '7' },
            { type: 'checkbox', checked: true, settings: { locked: true }, width: 25, height: 25 },
            { type: 'dropdown', text: 'Pro', settings: { choices: ['Basic', 'Pro'], locked: true } },
          ],
        },
      ],
    });
    const signer = doc.signers[0] as (typeof doc.signers)[number];
    const [locked, open, tick, choice] = signer.fieldIds;
    const as = signerClient(t.app, signer.token);
    const base = `/document_sign/documents/${doc.documentId}/signers/${signer.id}`;
    const sign = (values: object[]) => as('PATCH', `${base}/sign`, { fields: values, consent: 'I agree' });

    for (const value of [
      { id: locked, text: '13' },
      { id: tick, checked: false },
      { id: choice, text: 'Basic' },
    ]) {
      const refused = await sign([value]);
      expect(refused.statusCode, JSON.stringify(value)).toBe(400);
      expect(refused.json().message).toBe(MESSAGES.fieldLocked);
    }

    // The same value (as typed) or none keeps it; the unlocked one takes the signer's.
    const signed = await sign([
      { id: locked, text: '12,5' },
      { id: open, text: '8' },
      { id: choice, text: null },
    ]);
    expect(signed.statusCode, signed.body).toBe(200);
    const rows = await listFields(t.app.platform.database.db, doc.documentId);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(signer.fieldIds.map((id) => [byId.get(id)?.text, byId.get(id)?.checked])).toEqual([
      ['12.5', false],
      ['8', false],
      [null, true],
      ['Pro', false],
    ]);

    const sealed = await waitForSealed(t.app, doc.documentId);
    const text = pdftotext(await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey as string), {
      first: 1,
      last: 1,
    });
    expect(text).toContain('12.5');
    expect(text).toContain('Pro');
  });
});
