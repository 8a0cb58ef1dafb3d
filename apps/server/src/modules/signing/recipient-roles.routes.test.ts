// Issue 36, roles besides signer and parallel steps: through the real API, jobs and mail outbox. An approver and a
// viewer act from the link of their own mail; a step of two signers starts together and the next step waits for
// both; a cc gets only the completion mail; the certificate names every recipient by role with what it did.
import { randomUUID } from 'node:crypto';
import { blankField, type Document, type DocumentActivity, MESSAGES, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyClient, keyClient } from '../../../test/api-keys.js';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusFile, documentClient, fieldInput } from '../../../test/documents.js';
import { pdftotext } from '../../../test/poppler.js';
import { awaitingDocument, signerClient, signerRequisite, waitForSealed } from '../../../test/signing.js';
import { setPlan, templateClient } from '../../../test/templates.js';
import { events } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

const mailsTo = async (to: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/dev/mail',
    headers: { authorization: `Bearer ${t.app.platform.config.devMailToken}` },
  });
  return response.json<{ to: string; subject: string }[]>().filter((mail) => mail.to === to);
};

const eventTypes = async (documentId: string) =>
  (await t.app.platform.database.db.select().from(events).where(eq(events.documentId, documentId))).map(
    (row) => row.type,
  );

describe('an approver, a parallel step of two signers, a viewer and a cc', () => {
  it('invites step by step, waits for the whole step, completes without the cc and certifies every role', async () => {
    const owner = await authClient(t.app).loggedInUser();
    const docs = documentClient(t.app, owner.accessToken);
    const draft = await docs.createReady('others');
    const stamp = draft.id.slice(0, 8);
    const person = (name: string) => ({ name, email: `${name.toLowerCase()}.${stamp}@example.com` });
    const [lawyer, dora, dan, vera, carl] = ['Lawyer', 'Dora', 'Dan', 'Vera', 'Carl'].map(person) as [
      ReturnType<typeof person>,
      ReturnType<typeof person>,
      ReturnType<typeof person>,
      ReturnType<typeof person>,
      ReturnType<typeof person>,
    ];
    const withRecipients = await docs.patch(draft.id, {
      title: 'Board resolution',
      isOrdered: true,
      language: 'de',
      signers: [
        { ...lawyer, order: 1, recipientRole: 'approver', step: 1 },
        { ...dora, order: 2, step: 2 },
        { ...dan, order: 3, step: 2 },
        { ...vera, order: 4, recipientRole: 'viewer', step: 3 },
        { ...carl, order: 5, recipientRole: 'cc', step: 3 },
      ],
    });
    expect(withRecipients.statusCode, withRecipients.body).toBe(200);
    const saved = withRecipients.json<Document>().signers;
    expect(saved.map(({ recipientRole, step }) => [recipientRole, step])).toEqual([
      ['approver', 1],
      ['signer', 2],
      ['signer', 2],
      ['viewer', 3],
      ['cc', 3],
    ]);
    const [lawyerRow, doraRow, danRow, veraRow] = saved as [Document['signers'][0], ...Document['signers']];
    if (!doraRow || !danRow || !veraRow) throw new Error('recipients not saved');

    // Only a signer may own a field: one on the approver stops the send.
    const onApprover = fieldInput({ signerId: lawyerRow.id, coordinateY: 40 });
    await docs.patch(draft.id, { fields: [onApprover] });
    const refused = await api('PATCH', `/document_sign/documents/${draft.id}/send_out`, docs.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MESSAGES.fieldsOnlyForSigners);

    const doraField = blankField({ id: randomUUID(), type: 'text', coordinateY: 600, signerId: doraRow.id });
    const danField = blankField({ id: randomUUID(), type: 'text', coordinateY: 650, signerId: danRow.id });
    expect((await docs.patch(draft.id, { fields: [doraField, danField] })).statusCode).toBe(200);
    const sent = await api('PATCH', `/document_sign/documents/${draft.id}/send_out`, docs.headers);
    expect(sent.statusCode, sent.body).toBe(200);

    // Step 1: the approver alone, asked (in German) to review and approve.
    const lawyerMail = await waitForMail(t.app, lawyer.email);
    expect(lawyerMail.subject).toContain('zu prüfen und zu genehmigen');
    expect(await mailsTo(dora.email)).toEqual([]);
    const asLawyer = { [SIGN_ACCESS_TOKEN_HEADER]: linkParam(lawyerMail, 'signAccessToken') };
    const lawyerPage = await api('GET', `/document_sign/signers/${lawyerRow.id}/document/${draft.id}`, asLawyer);
    expect(lawyerPage.json()).toMatchObject({ isMyTurn: true, signer: { recipientRole: 'approver', step: 1 } });
    // An approver does not sign, and a signer's call is not its.
    const lawyerSigns = await api(
      'PATCH',
      `/document_sign/documents/${draft.id}/signers/${lawyerRow.id}/sign`,
      asLawyer,
      {
        consent: 'I agree',
      },
    );
    expect(lawyerSigns.statusCode).toBe(403);
    const approved = await api(
      'POST',
      `/document_sign/documents/${draft.id}/signers/${lawyerRow.id}/approve`,
      asLawyer,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ isFinished: true, documentStatus: 'awaiting' });

    // Step 2: both directors at once, in any order; the viewer waits for both.
    const doraToken = linkParam(await waitForMail(t.app, dora.email), 'signAccessToken');
    const danToken = linkParam(await waitForMail(t.app, dan.email), 'signAccessToken');
    const consent = 'Ich stimme zu.';
    const danSigned = await api(
      'PATCH',
      `/document_sign/documents/${draft.id}/signers/${danRow.id}/sign`,
      { [SIGN_ACCESS_TOKEN_HEADER]: danToken },
      { fields: [{ id: danField.id, text: 'Dan' }], consent },
    );
    expect(danSigned.statusCode, danSigned.body).toBe(200);
    expect(await mailsTo(vera.email)).toEqual([]);
    const doraSigned = await api(
      'PATCH',
      `/document_sign/documents/${draft.id}/signers/${doraRow.id}/sign`,
      { [SIGN_ACCESS_TOKEN_HEADER]: doraToken },
      { fields: [{ id: doraField.id, text: 'Dora' }], consent },
    );
    expect(doraSigned.json()).toMatchObject({ documentStatus: 'awaiting' });

    // Step 3: the viewer, asked to view; the cc is never invited. The viewer's acknowledgement completes it.
    const veraMail = await waitForMail(t.app, vera.email);
    expect(veraMail.subject).toContain('zur Ansicht');
    const asVera = { [SIGN_ACCESS_TOKEN_HEADER]: linkParam(veraMail, 'signAccessToken') };
    const veraApproves = await api(
      'POST',
      `/document_sign/documents/${draft.id}/signers/${veraRow.id}/approve`,
      asVera,
    );
    expect(veraApproves.statusCode).toBe(403);
    expect(veraApproves.json().message).toBe(MESSAGES.notYourRoleAction);
    const seen = await api('POST', `/document_sign/documents/${draft.id}/signers/${veraRow.id}/acknowledge`, asVera);
    expect(seen.json()).toMatchObject({ isFinished: true, documentStatus: 'completed' });
    const again = await api('POST', `/document_sign/documents/${draft.id}/signers/${veraRow.id}/acknowledge`, asVera);
    expect(again.json()).toMatchObject({ isFinished: true, documentStatus: 'completed' });

    // The cc gets the completed document, in the document's language.
    await waitForSealed(t.app, draft.id);
    const ccMail = await waitForMail(t.app, carl.email, { subject: /^Abgeschlossen:/, timeoutMs: 60_000 });
    expect((await mailsTo(carl.email)).map((mail) => mail.subject)).toEqual([ccMail.subject]);

    const activities = (await api('GET', `/documents/${draft.id}/activities`, docs.headers)).json<DocumentActivity[]>();
    expect(activities.map((activity) => activity.type)).toEqual(expect.arrayContaining(['approve', 'acknowledge']));
    expect(await eventTypes(draft.id)).toEqual(
      expect.arrayContaining(['recipient.approved', 'recipient.viewed', 'document.completed']),
    );

    const ownerMail = await waitForMail(t.app, owner.email, { subject: /^Completed:/, timeoutMs: 60_000 });
    const hash = linkParam(ownerMail, 'hash');
    const download = await api('GET', `/document_sign/documents/${draft.id}/signed_download_url/hash?hash=${hash}`, {});
    const { pathname, search } = new URL(download.json<{ url: string }>().url);
    const pdf = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
    const text = pdftotext(pdf.rawPayload, {}, '-raw');
    expect(text).toContain('Approver 1: Lawyer');
    expect(text).toMatch(/Approved\s+\d{4}-\d\d-\d\d/);
    expect(text).toContain('Signer 2: Dora');
    expect(text).toContain('Signer 3: Dan');
    expect(text).toContain('Viewer 4: Vera');
    expect(text).toMatch(/Acknowledged viewing\s+\d{4}-\d\d-\d\d/);
    expect(text).toContain('CC 5: Carl');
    expect(text).toContain('Receives a copy (CC)');
  });
});

describe("an approver's rejection", () => {
  it('needs a reason, is recorded and announced with it, and declines the document: every link dead, the sender mailed', async () => {
    const doc = await awaitingDocument(t.app, {
      isOrdered: true,
      signers: [
        { recipientRole: 'approver', step: 1, fields: [] },
        { step: 2, fields: [{ type: 'text' }] },
      ],
    });
    const [approver, signer] = doc.signers as [(typeof doc.signers)[0], (typeof doc.signers)[0]];
    const asApprover = signerClient(t.app, approver.token);
    const base = `/document_sign/documents/${doc.documentId}/signers/${approver.id}`;

    const empty = await asApprover('POST', `${base}/reject`, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.reasonRequired);
    const long = await asApprover('POST', `${base}/reject`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);

    const rejected = await asApprover('POST', `${base}/reject`, { reason: 'The price is wrong.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ isFinished: false, documentStatus: 'declined' });
    // The approver's link, like every other, now opens the page saying the document was declined.
    const page = await asApprover('GET', `/document_sign/signers/${approver.id}/document/${doc.documentId}`);
    expect(page.statusCode).toBe(404);
    const status = await asApprover('GET', `/document_sign/documents/${doc.documentId}/link_status`);
    expect(status.json()).toMatchObject({ reason: 'declined' });
    await waitForMail(t.app, doc.owner.email, { subject: /declined to sign/ });

    const [event] = await t.app.platform.database.db
      .select()
      .from(events)
      .where(and(eq(events.documentId, doc.documentId), eq(events.type, 'recipient.rejected')));
    expect(event?.payload).toMatchObject({ message: 'The price is wrong.', signers: [{ id: approver.id }] });

    // Nothing goes on: the signer of step 2 may not act, and the approver may not approve now.
    const asSigner = signerClient(t.app, signer.token);
    const early = await asSigner('PATCH', `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`, {
      consent: 'I agree',
    });
    expect(early.statusCode).toBe(404);
    const late = await asApprover('POST', `${base}/approve`);
    expect(late.statusCode).toBe(404);
    const activities = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/documents/${doc.documentId}/activities`,
        headers: { authorization: `Bearer ${doc.owner.accessToken}` },
      })
    ).json<DocumentActivity[]>();
    expect(activities.filter((row) => ['reject', 'decline'].includes(row.type))).toEqual([
      expect.objectContaining({ type: 'reject', reason: 'The price is wrong.' }),
      expect.objectContaining({ type: 'decline', reason: 'The price is wrong.' }),
    ]);

    // The public API's typed client tells each recipient's role, step and status.
    const { key } = await apiKeyClient(t.app, doc.owner.accessToken).newKey();
    expect((await keyClient(t.app, key).documentSigners(doc.documentId)).signers).toEqual([
      expect.objectContaining({ id: approver.id, recipientRole: 'approver', step: 1, status: 'rejected' }),
      expect.objectContaining({ id: signer.id, recipientRole: 'signer', step: 2, status: 'awaiting' }),
    ]);
  });

  it("refuses another recipient's link, and an approver or viewer before its step", async () => {
    const doc = await awaitingDocument(t.app, {
      isOrdered: true,
      signers: [
        { step: 1, fields: [{ type: 'signature' }] },
        { recipientRole: 'approver', step: 2, fields: [] },
        { recipientRole: 'viewer', step: 2, fields: [] },
      ],
    });
    const [first, approver, viewer] = doc.signers as [
      (typeof doc.signers)[0],
      (typeof doc.signers)[0],
      (typeof doc.signers)[0],
    ];
    const asFirst = signerClient(t.app, first.token);
    const foreign = await asFirst('POST', `/document_sign/documents/${doc.documentId}/signers/${approver.id}/approve`);
    expect(foreign.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/document_sign/documents/${doc.documentId}/signers/${approver.id}/approve`,
    });
    expect(anonymous.statusCode).toBe(404);
    const early = await signerClient(t.app, approver.token)(
      'POST',
      `/document_sign/documents/${doc.documentId}/signers/${approver.id}/approve`,
    );
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(MESSAGES.notYourTurn);

    // The signer of step 1 signs: the approver and the viewer of step 2 may both act, in any order.
    const requisiteId = await signerRequisite(t.app, first.id);
    const signed = await asFirst('PATCH', `/document_sign/documents/${doc.documentId}/signers/${first.id}/sign`, {
      fields: [{ id: first.fieldIds[0], requisiteId }],
      consent: 'I agree',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const seen = await signerClient(t.app, viewer.token)(
      'POST',
      `/document_sign/documents/${doc.documentId}/signers/${viewer.id}/acknowledge`,
    );
    expect(seen.json()).toMatchObject({ isFinished: true, documentStatus: 'awaiting' });
    const approved = await signerClient(t.app, approver.token)(
      'POST',
      `/document_sign/documents/${doc.documentId}/signers/${approver.id}/approve`,
    );
    expect(approved.json()).toMatchObject({ isFinished: true, documentStatus: 'completed' });
  });
});

describe('documents from before roles and steps', () => {
  it('keeps the strict order of signers with no step, one at a time by order', async () => {
    const doc = await awaitingDocument(t.app, {
      isOrdered: true,
      signers: [{ fields: [{ type: 'text' }] }, { fields: [{ type: 'text' }] }, { fields: [{ type: 'text' }] }],
    });
    const turns = await Promise.all(
      doc.signers.map(async (signer) => {
        const page = await signerClient(t.app, signer.token)(
          'GET',
          `/document_sign/signers/${signer.id}/document/${doc.documentId}`,
        );
        return page.json<{ isMyTurn: boolean; signer: { step: number } }>();
      }),
    );
    expect(turns.map((turn) => turn.isMyTurn)).toEqual([true, false, false]);
    expect(turns.map((turn) => turn.signer.step)).toEqual([1, 2, 3]);
  });
});

describe('templates carry roles and steps', () => {
  it('gives a document made from a template its roles and steps', async () => {
    const owner = await authClient(t.app).loggedInUser();
    await setPlan(t.app, owner.id, 'business');
    const tpl = templateClient(t.app, owner.accessToken);
    const template = await tpl.ok<Document>(
      tpl.create({
        title: 'Purchase',
        roles: [
          { role: 'Manager', recipientRole: 'approver', step: 1 },
          { role: 'Buyer', step: 2 },
          { role: 'Seller', step: 2 },
          { role: 'Archive', recipientRole: 'cc', step: 3 },
        ],
      }),
    );
    await tpl.docs.uploadOk(template.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
    await tpl.docs.waitUntilFinished(template.id);
    const [, buyer, seller] = template.signers;
    await tpl.ok(
      tpl.patch(template.id, {
        isOrdered: true,
        fields: [
          fieldInput({ signerId: buyer?.id ?? null, coordinateY: 10 }),
          fieldInput({ signerId: seller?.id ?? null, coordinateY: 60 }),
        ],
      }),
    );
    const activated = await tpl.ok<{ errors: string[] }>(tpl.activate(template.id));
    expect(activated.errors).toEqual([]);
    const people = ['m', 'b', 's', 'a'].map((name) => ({
      name: `Person ${name}`,
      email: `${name}.${randomUUID()}@example.com`,
    }));
    const made = await tpl.createDocument(template.id, { signers: people });
    expect(made.statusCode, made.body).toBe(200);
    const document = made.json<Document>();
    expect(
      document.signers.filter((row) => !row.isPreparer).map(({ recipientRole, step }) => [recipientRole, step]),
    ).toEqual([
      ['approver', 1],
      ['signer', 2],
      ['signer', 2],
      ['cc', 3],
    ]);
  });
});

describe('the signer page answer names roles', () => {
  it('lists each recipient with its role and step', async () => {
    const doc = await awaitingDocument(t.app, {
      signers: [{ fields: [{ type: 'text' }] }, { recipientRole: 'cc', fields: [] }],
    });
    const [first] = doc.signers as [(typeof doc.signers)[0]];
    const page = await signerClient(t.app, first.token)(
      'GET',
      `/document_sign/signers/${first.id}/document/${doc.documentId}`,
    );
    expect(page.json().signers).toEqual([
      expect.objectContaining({ recipientRole: 'signer', step: 1 }),
      expect.objectContaining({ recipientRole: 'cc', step: 2 }),
    ]);
    expect(page.json<{ rejection: null }>().rejection).toBeNull();
  });
});
