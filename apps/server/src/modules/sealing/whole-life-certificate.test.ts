// Issue 36's 'Done when': the certificate of completion of a document that went through decline-and-resend, a
// correction, a reassignment, an approver, a cc and a parallel step, all through the routes, read with pdftotext.
import { randomUUID } from 'node:crypto';
import { blankField, type Document, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient } from '../../../test/documents.js';
import { pdftotext } from '../../../test/poppler.js';
import { waitForSealed } from '../../../test/signing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const api = async (method: 'GET' | 'POST' | 'PATCH', path: string, headers: Headers, payload?: object) => {
  const response = await t.app.inject({ method, url: `/api/v1${path}`, headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(200);
  return response;
};
const signerPath = (documentId: string, signerId: string, action: string) =>
  `/document_sign/documents/${documentId}/signers/${signerId}/${action}`;
const asSigner = async (email: string, subject?: RegExp) => ({
  [SIGN_ACCESS_TOKEN_HEADER]: linkParam(await waitForMail(t.app, email, subject ? { subject } : {}), 'signAccessToken'),
});

describe('the certificate of a document through its whole life (pdftotext)', () => {
  it('names the declined original, the approver, the parallel step, the correction, the hand-over and the cc', async () => {
    const owner = await authClient(t.app).loggedInUser();
    const docs = documentClient(t.app, owner.accessToken);
    const stamp = randomUUID().slice(0, 8);
    const person = (name: string) => ({ name, email: `${name.toLowerCase()}.${stamp}@example.com` });
    const xena = person('Xena');
    const lawyer = person('Lawyer');
    const dora = person('Dora');
    const dan = person('Dan');
    const daniel = person('Daniel');
    const doris = person('Doris');
    const carl = person('Carl');

    // The first version goes to Xena, who declines it.
    const first = await docs.createReady('others');
    const firstSigners = (
      await api('PATCH', `/documents/${first.id}`, docs.headers, {
        title: 'Board resolution',
        signers: [{ ...xena, order: 1 }],
      })
    ).json<Document>().signers;
    const xenaId = firstSigners[0]?.id ?? '';
    await api('PATCH', `/documents/${first.id}`, docs.headers, {
      fields: [blankField({ id: randomUUID(), type: 'text', coordinateY: 600, signerId: xenaId })],
    });
    await api('PATCH', `/document_sign/documents/${first.id}/send_out`, docs.headers);
    const reason = 'The board meets on Friday, not Thursday.';
    await api('POST', signerPath(first.id, xenaId, 'decline'), await asSigner(xena.email), { reason });

    // Edit & Resend: an approver, then two directors in one step, then a cc; signers may reassign.
    const copyId = (await api('POST', `/documents/${first.id}/resend_copy`, docs.headers)).json<{ id: string }>().id;
    const saved = (
      await api('PATCH', `/documents/${copyId}`, docs.headers, {
        isOrdered: true,
        signers: [
          { ...lawyer, order: 1, recipientRole: 'approver', step: 1 },
          { ...dora, order: 2, step: 2 },
          { ...dan, order: 3, step: 2 },
          { ...carl, order: 4, recipientRole: 'cc', step: 3 },
        ],
      })
    ).json<Document>().signers;
    const [lawyerRow, doraRow, danRow] = saved;
    if (!lawyerRow || !doraRow || !danRow) throw new Error('recipients not saved');
    const doraField = blankField({ id: randomUUID(), type: 'text', coordinateY: 600, signerId: doraRow.id });
    const danField = blankField({ id: randomUUID(), type: 'text', coordinateY: 650, signerId: danRow.id });
    await api('PATCH', `/documents/${copyId}`, docs.headers, { fields: [doraField, danField] });
    await api('PATCH', `/documents/${copyId}/reassignment`, docs.headers, { allowReassign: true });
    await api('PATCH', `/document_sign/documents/${copyId}/send_out`, docs.headers);

    await api('POST', signerPath(copyId, lawyerRow.id, 'approve'), await asSigner(lawyer.email));
    // Step 2 begins: the sender corrects Dan to Daniel; Dora hands her part to Doris.
    await asSigner(dan.email);
    await api('PATCH', `/documents/${copyId}/signers/${danRow.id}`, docs.headers, daniel);
    await api('POST', signerPath(copyId, doraRow.id, 'reassign'), await asSigner(dora.email), {
      ...doris,
      reason: 'Doris signs for the board this week',
    });
    const consent = 'I agree';
    await api('PATCH', signerPath(copyId, danRow.id, 'sign'), await asSigner(daniel.email, /to sign/), {
      fields: [{ id: danField.id, text: 'Daniel' }],
      consent,
    });
    await api('PATCH', signerPath(copyId, doraRow.id, 'sign'), await asSigner(doris.email, /to sign/), {
      fields: [{ id: doraField.id, text: 'Doris' }],
      consent,
    });

    const sealed = await waitForSealed(t.app, copyId);
    const text = pdftotext(await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey ?? '')).replace(/\s+/g, ' ');
    expect(text).toContain(
      `Made with Edit & Resend from document ${first.id}, which was declined by Xena <${xena.email}>`,
    );
    expect(text).toContain(`Reason given: "${reason}"`);
    expect(text).toContain('Approver 1: Lawyer');
    expect(text).toMatch(/Approved \d{4}-\d\d-\d\d/);
    // The place of step 2 held by Dora, then Doris; the other by Dan, then Daniel.
    expect(text).toContain(`Reassigned to Doris (${doris.email})`);
    expect(text).toContain('Reason: Doris signs for the board this week');
    expect(text).toContain(`Took over from Dora (${dora.email}), who reassigned it on`);
    expect(text).toContain(`Replaced by the sender's correction on`);
    expect(text).toContain(`with Daniel (${daniel.email})`);
    expect(text).toContain(`Named by the sender's correction on`);
    // Each person who held a place is listed in turn, with their own times; the cc last.
    const order = [
      'Approver 1: Lawyer',
      'Signer 2: Dora',
      'Signer 3: Doris',
      'Signer 4: Dan',
      'Signer 5: Daniel',
      'CC 6: Carl',
    ];
    const at = order.map((heading) => text.indexOf(heading));
    expect(at.every((index) => index > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain('Receives a copy (CC)');
  }, 180_000);
});
