// Issue 36, item 5: a signer hands their part to someone else, where the sender allows it.
import { type DocumentActivity, REASSIGN_LIMIT, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { pdftotext } from '../../../test/poppler.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';
import { documents, events } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function allowReassign(documentId: string) {
  await t.app.platform.database.db.update(documents).set({ allowReassign: true }).where(eq(documents.id, documentId));
}
const reassignPath = (documentId: string, signerId: string) =>
  `/document_sign/documents/${documentId}/signers/${signerId}/reassign`;

describe('POST document_sign/documents/{id}/signers/{signerId}/reassign', () => {
  it('hands the part on: a new link for the new person, the old one dead, the sender told, the certificate shows both', async () => {
    const made = await awaitingDocument(t.app, {
      signers: [{ name: 'Olga Original', fields: [{ type: 'text' }] }],
    });
    const [first] = made.signers;
    if (!first) throw new Error('no signer');
    await allowReassign(made.documentId);
    const original = signerClient(t.app, first.token);
    await original('POST', `/document_sign/documents/${made.documentId}/signers/${first.id}/signatory_opened`);
    const email = uniqueEmail('nina');

    const handed = await original('POST', reassignPath(made.documentId, first.id), {
      name: 'Nina New',
      email,
      reason: 'Nina signs contracts for our team',
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await original('GET', `/document_sign/documents/${made.documentId}/signers`)).statusCode).toBe(404);

    const ownerMail = await waitForMail(t.app, made.owner.email, { subject: /reassigned/ });
    expect(ownerMail.text).toContain('Olga Original');
    expect(ownerMail.text).toContain('Nina New');
    expect(ownerMail.text).toContain('Reason: Nina signs contracts for our team');
    const newcomer = signerClient(t.app, linkParam(await waitForMail(t.app, email), 'signAccessToken'));
    const page = await newcomer('GET', `/document_sign/signers/${first.id}/document/${made.documentId}`);
    expect(page.statusCode, page.body).toBe(200);
    const view = page.json<{ signer: { name: string }; fields: { id: string }[] }>();
    expect(view.signer.name).toBe('Nina New');

    const events_ = await t.app.platform.database.db
      .select()
      .from(events)
      .where(and(eq(events.documentId, made.documentId), eq(events.type, 'recipient.reassigned')));
    expect(events_).toHaveLength(1);
    const activities = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/documents/${made.documentId}/activities`,
        headers: { authorization: `Bearer ${made.owner.accessToken}` },
      })
    ).json<DocumentActivity[]>();
    expect(activities.find((row) => row.type === 'reassign')?.change).toEqual({
      from: { name: 'Olga Original', email: first.email },
      to: { name: 'Nina New', email },
      reason: 'Nina signs contracts for our team',
    });

    await newcomer('POST', `/document_sign/documents/${made.documentId}/signers/${first.id}/signatory_opened`);
    const signed = await newcomer('PATCH', `/document_sign/documents/${made.documentId}/signers/${first.id}/sign`, {
      fields: [{ id: first.fieldIds[0], text: 'Nina' }],
      consent: 'I agree',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const sealed = await waitForSealed(t.app, made.documentId);
    const pdf = await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey ?? '');
    const certificate = pdftotext(pdf).replace(/\s+/g, ' ');
    expect(certificate).toContain('Olga Original');
    expect(certificate).toContain(`Reassigned to Nina New (${email})`);
    expect(certificate).toContain('Reason: Nina signs contracts for our team');
    expect(certificate).toContain('Took over from Olga Original');
  }, 120_000);

  it('is refused where the sender did not allow it, for a signer who signed, and to an e-mail of the document', async () => {
    const made = await awaitingDocument(t.app, {
      signers: [{ fields: [{ type: 'text', required: false }] }, { fields: [{ type: 'text' }] }],
    });
    const [first, second] = made.signers;
    if (!first || !second) throw new Error('no signers');
    const body = { name: 'Someone Else', email: uniqueEmail('else'), reason: 'Not me' };
    const notAllowed = await signerClient(t.app, second.token)('POST', reassignPath(made.documentId, second.id), body);
    expect(notAllowed.statusCode).toBe(403);
    await allowReassign(made.documentId);
    const signer = signerClient(t.app, first.token);
    await signer('PATCH', `/document_sign/documents/${made.documentId}/signers/${first.id}/sign`, {
      fields: [],
      consent: 'I agree',
    });
    const afterSigning = await signer('POST', reassignPath(made.documentId, first.id), body);
    expect(afterSigning.statusCode).toBe(409);
    const toOther = await signerClient(t.app, second.token)('POST', reassignPath(made.documentId, second.id), {
      ...body,
      email: first.email,
    });
    expect(toOther.statusCode).toBe(400);
    const noReason = await signerClient(t.app, second.token)('POST', reassignPath(made.documentId, second.id), {
      ...body,
      reason: '   ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toBe('Please give a reason.');
    // Another signer's part is not theirs to hand on.
    const othersPart = await signerClient(t.app, second.token)('POST', reassignPath(made.documentId, first.id), body);
    expect(othersPart.statusCode).toBe(403);
  });

  it(`allows ${REASSIGN_LIMIT} reassignments of a document a day, then answers 429`, async () => {
    const made = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'text' }] }] });
    const [first] = made.signers;
    if (!first) throw new Error('no signer');
    await allowReassign(made.documentId);
    let token = first.token;
    for (let round = 0; round <= REASSIGN_LIMIT; round++) {
      const email = uniqueEmail(`hop${round}`);
      // Each from an address of its own: the document's limit, not the per-address one, is what answers here.
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/v1${reassignPath(made.documentId, first.id)}`,
        headers: { [SIGN_ACCESS_TOKEN_HEADER]: token },
        remoteAddress: `198.51.100.${round + 10}`,
        payload: { name: `Hop ${String.fromCharCode(65 + round)}`, email, reason: 'Passing it on' },
      });
      if (round === REASSIGN_LIMIT) {
        expect(answer.statusCode, answer.body).toBe(429);
        break;
      }
      expect(answer.statusCode, answer.body).toBe(200);
      token = linkParam(await waitForMail(t.app, email), 'signAccessToken');
    }
  }, 60_000);
});
