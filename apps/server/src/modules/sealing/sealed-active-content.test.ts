// A PDF's /OpenAction JavaScript was kept byte for byte into the sealed result: upload stored a sound PDF as it
// came, and the seal appends an incremental update to exactly those bytes. Upload now removes the script, so the
// document that is sent, signed and sealed never carries it.
import { type Document, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { includesText, pdfWith, SCRIPT_MARKERS } from '../../../test/active-content.js';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient, fieldInput } from '../../../test/documents.js';
import { pdfsig } from '../../../test/poppler.js';
import { signerRequisite, waitForSealed } from '../../../test/signing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a PDF with an /OpenAction script, uploaded, sent, signed and sealed', () => {
  it('is sealed without the script, and the seal verifies', async () => {
    const owner = await authClient(t.app).loggedInUser();
    const docs = documentClient(t.app, owner.accessToken);
    const draft = await docs.create('others');
    const upload = await pdfWith(['openActionJavaScript']);
    expect(includesText(upload, SCRIPT_MARKERS.openAction)).toBe(true);
    await docs.uploadOk(draft.id, 'scripted.pdf', Buffer.from(upload));
    await docs.waitUntilFinished(draft.id);

    const bob = { name: 'Bob Stone', email: `bob.${draft.id.slice(0, 8)}@example.com`, order: 1 };
    const withSigner = await docs.patch(draft.id, { title: 'Scripted', signers: [bob] });
    expect(withSigner.statusCode, withSigner.body).toBe(200);
    const prepared = withSigner.json<Document>();
    expect(prepared.parts[0]?.warningText).toMatch(/scripts or automatic actions/);
    const bobSigner = prepared.signers[0];
    if (!bobSigner) throw new Error('signer not saved');
    const field = fieldInput({ signerId: bobSigner.id, coordinateX: 72, coordinateY: 600 });
    expect((await docs.patch(draft.id, { fields: [field] })).statusCode).toBe(200);

    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/document_sign/documents/${draft.id}/send_out`,
      headers: docs.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const token = linkParam(await waitForMail(t.app, bob.email), 'signAccessToken');
    const signature = await signerRequisite(t.app, bobSigner.id);
    const signedByBob = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/document_sign/documents/${draft.id}/signers/${bobSigner.id}/sign`,
      headers: { [SIGN_ACCESS_TOKEN_HEADER]: token },
      payload: { fields: [{ id: field.id, requisiteId: signature }], consent: 'I agree' },
    });
    expect(signedByBob.statusCode, signedByBob.body).toBe(200);

    const { resultPdfFileKey } = await waitForSealed(t.app, draft.id);
    if (!resultPdfFileKey) throw new Error('sealed without a result');
    const bytes = new Uint8Array(await t.app.platform.storage.getBuffer(resultPdfFileKey));
    expect(includesText(bytes, SCRIPT_MARKERS.openAction)).toBe(false);
    expect(includesText(bytes, '/JavaScript')).toBe(false);
    expect(includesText(bytes, '/OpenAction')).toBe(false);
    const report = pdfsig(bytes);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
  });
});
