// Issue 37, conditions: a field shown and required only while another meets a condition. The editor's save refuses
// a cycle and a condition naming no field; on submit a hidden required field may stay empty, a value given for a
// hidden field is not kept, and the sealed PDF does not print it.
import { type Document, type FieldSettings, type FieldType, MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient, fieldInput } from '../../../test/documents.js';
import { pdftotext } from '../../../test/poppler.js';
import { awaitingDocument, oneSignerDocument, signerClient, waitForSealed } from '../../../test/signing.js';
import { listFields } from '../../data/document-fields.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Spec = { type: FieldType; settings?: FieldSettings; required?: boolean };

const oneSigner = (fields: Spec[]) => oneSignerDocument(t.app, fields);

const when = (field: string, op: 'checked' | 'equals', value?: string) => ({
  condition: { field, op, ...(value === undefined ? {} : { value }) },
});

describe('conditions between fields', () => {
  it('refuses to save a cycle or a condition naming no field, and saves a good one', async () => {
    const docs = documentClient(t.app, (await authClient(t.app).loggedInUser()).accessToken);
    const document = await docs.createReady('others');
    const agree = fieldInput({ type: 'checkbox', width: 25, height: 25, settings: { name: 'Agree' } });
    const cycle = await docs.patch(document.id, {
      fields: [
        fieldInput({ type: 'checkbox', width: 25, height: 25, settings: { name: 'a', ...when('b', 'checked') } }),
        fieldInput({ type: 'checkbox', width: 25, height: 25, settings: { name: 'b', ...when('a', 'checked') } }),
        fieldInput({ settings: when('nobody', 'checked') }),
      ],
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.body).toContain(MESSAGES.fieldConditionCycle);
    expect(cycle.body).toContain(MESSAGES.fieldConditionUnknown);

    const good = await docs.patch(document.id, { fields: [agree, fieldInput({ settings: when('agree', 'checked') })] });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<Document>().fields[1]?.settings?.condition).toEqual({ field: 'agree', op: 'checked' });
  });

  it('lets a hidden required field stay empty, keeps no value given for it, and does not print it', async () => {
    const { doc, ids, sign, rows } = await oneSigner([
      { type: 'dropdown', settings: { name: 'Plan', choices: ['Basic', 'Pro'] } },
      { type: 'text', required: true, settings: when('plan', 'equals', 'Pro') },
      { type: 'checkbox', required: false, settings: when('plan', 'equals', 'Pro') },
      { type: 'text', required: true, settings: when('plan', 'equals', 'Basic') },
    ]);
    // Plan Pro: the Basic-only text is hidden; its value is dropped, and it is not asked for.
    const refused = await sign([{ id: ids[0], text: 'Pro' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.requiredFieldsUnsigned);
    const answer = await sign([
      { id: ids[0], text: 'Pro' },
      { id: ids[1], text: 'Shown value' },
      { id: ids[2], checked: true },
      { id: ids[3], text: 'Hidden value' },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await rows()).map((row) => [row?.text ?? null, row?.checked])).toEqual([
      ['Pro', false],
      ['Shown value', false],
      [null, true],
      [null, false],
    ]);
    const sealed = await waitForSealed(t.app, doc.documentId);
    const text = pdftotext(await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey as string), {
      first: 1,
      last: 1,
    });
    expect(text).toContain('Shown value');
    expect(text).not.toContain('Hidden value');
  });

  it('hides the fields that hang on a hidden field (a chain)', async () => {
    const { ids, sign, rows } = await oneSigner([
      { type: 'checkbox', required: false, settings: { name: 'Extras' } },
      { type: 'number', required: true, settings: { name: 'Seats', ...when('extras', 'checked') } },
      { type: 'text', required: true, settings: { condition: { field: 'seats', op: 'notEmpty' } } },
    ]);
    const answer = await sign([
      { id: ids[0], checked: false },
      { id: ids[1], text: '3' },
      { id: ids[2], text: 'kept?' },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await rows()).map((row) => row?.text ?? null)).toEqual([null, null, null]);
  });

  it("takes away an earlier signer's value when a later signer's choice hides its field", async () => {
    const doc = await awaitingDocument(t.app, {
      signers: [
        {
          name: 'Ann Early',
          fields: [{ type: 'text', required: false, settings: { condition: { field: 'Opt out', op: 'unchecked' } } }],
        },
        { name: 'Ben Later', fields: [{ type: 'checkbox', required: false, settings: { name: 'Opt out' } }] },
      ],
    });
    const [ann, ben] = doc.signers as [(typeof doc.signers)[number], (typeof doc.signers)[number]];
    const signAs = (signer: typeof ann, fields: object[]) =>
      signerClient(t.app, signer.token)(
        'PATCH',
        `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`,
        { fields, consent: 'I agree' },
      );
    expect((await signAs(ann, [{ id: ann.fieldIds[0], text: 'Early' }])).statusCode).toBe(200);
    const text = async () =>
      (await listFields(t.app.platform.database.db, doc.documentId)).find((row) => row.id === ann.fieldIds[0])?.text;
    expect(await text()).toBe('Early');
    expect((await signAs(ben, [{ id: ben.fieldIds[0], checked: true }])).statusCode).toBe(200);
    expect(await text()).toBeNull();
  });
});
