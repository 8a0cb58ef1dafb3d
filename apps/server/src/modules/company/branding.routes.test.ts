// What a company's branding changes on its documents: mails (From name, logo, closing), the signer page's data,
// the signature types the server takes, the redirection, access codes given at send, and the certificate.
import { randomUUID } from 'node:crypto';
import { blankField, type CompanySettings, type Document, MESSAGES, type signerDocument } from '@esign/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { sessionCall, uploadAsset } from '../../../test/assets.js';
import { authClient } from '../../../test/auth.js';
import { documentClient } from '../../../test/documents.js';
import { formClient, visitor } from '../../../test/forms.js';
import { pdftotext } from '../../../test/poppler.js';
import { awaitingDocument, signerClient, signerRequisite } from '../../../test/signing.js';
import { teamClient } from '../../../test/teams.js';
import { setPlan } from '../../../test/templates.js';
import { findDocument } from '../../data/documents.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const company = {
  companyName: 'Acme <b>Ltd</b>',
  companyEmail: 'Acme Contracts',
  emailTemplate: 'Kind regards,\nThe Acme team',
  redirectionPage: 'https://acme.example/thanks',
  tagline: 'We deliver',
  industry: 'Logistics',
  signatureTypesPreferences: {
    isDrawnSignaturesAvailable: true,
    isUploadedSignaturesAvailable: false,
    isTypedSignaturesAvailable: false,
  },
  enableSignerAccessCodes: false,
};

/** Puts the owner on Business, saves the company settings and a logo. */
async function brand(owner: { id: string; accessToken: string }, changes: Partial<typeof company> = {}) {
  const call = sessionCall(t.app);
  await setPlan(t.app, owner.id, 'business');
  const saved = await call(owner, 'PATCH', '/user/company', { ...company, ...changes });
  expect(saved.statusCode, saved.body).toBe(200);
  const logo = await sharp({ create: { width: 560, height: 100, channels: 3, background: '#1864ab' } })
    .png()
    .toBuffer();
  const key = await uploadAsset(t.app, owner, logo, 'logo.png');
  return (await call(owner, 'PATCH', '/user/company/logo', { key })).json<CompanySettings>();
}

type SignerDocument = z.infer<typeof signerDocument.response>;

describe('the signer page of a company document', () => {
  it('carries the logo and name, the allowed signature types and the company redirection page', async () => {
    const made = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'signature' }] }] });
    const settings = await brand(made.owner);
    const [signer] = made.signers;
    if (!signer) throw new Error('no signer');
    const call = signerClient(t.app, signer.token);
    const page = await call('GET', `/document_sign/signers/${signer.id}/document/${made.documentId}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<SignerDocument>();
    expect(body.company).toEqual({ logoUrl: settings.companyLogoUrl, name: 'Acme <b>Ltd</b>', tagline: 'We deliver' });
    expect(body.signatureTypes).toEqual(['draw']);
    expect(body.document.redirectionPage).toBe('https://acme.example/thanks');
    // The logo's address answers without a token (an <img> on the signer's page).
    expect((await t.app.inject({ method: 'GET', url: settings.companyLogoUrl ?? '' })).statusCode).toBe(200);
  });

  it('refuses a saved signature of a type the company does not allow, takes an allowed one, then redirects', async () => {
    const made = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'signature' }] }] });
    await brand(made.owner);
    const [signer] = made.signers;
    if (!signer) throw new Error('no signer');
    const call = signerClient(t.app, signer.token);
    const fieldId = signer.fieldIds[0];
    const base = `/document_sign/documents/${made.documentId}/signers/${signer.id}`;
    for (const valueType of ['text', 'upload'] as const) {
      const refused = await call('PATCH', `${base}/sign`, {
        fields: [{ id: fieldId, requisiteId: await signerRequisite(t.app, signer.id, 'sign', valueType) }],
        consent: 'I agree',
      });
      expect(refused.statusCode, valueType).toBe(400);
      expect(refused.json().message).toBe(MESSAGES.signatureTypeNotAllowed);
      const saving = await call('PATCH', `${base}/fields`, {
        fields: [{ id: fieldId, requisiteId: await signerRequisite(t.app, signer.id, 'sign', valueType) }],
      });
      expect(saving.statusCode).toBe(400);
    }
    const signed = await call('PATCH', `${base}/sign`, {
      fields: [{ id: fieldId, requisiteId: await signerRequisite(t.app, signer.id, 'sign', 'draw') }],
      consent: 'I agree',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().redirectionPage).toBe('https://acme.example/thanks');
  });

  it("keeps the document's own redirection page before the company's", async () => {
    const made = await awaitingDocument(t.app, {
      signers: [{ fields: [{ type: 'signature' }] }],
      redirectionPage: 'https://own.example/done',
    });
    await brand(made.owner);
    const [signer] = made.signers;
    if (!signer) throw new Error('no signer');
    const page = await signerClient(t.app, signer.token)(
      'GET',
      `/document_sign/signers/${signer.id}/document/${made.documentId}`,
    );
    expect(page.json<SignerDocument>().document.redirectionPage).toBe('https://own.example/done');
  });

  it('changes nothing once the plan has no branding: no company, every type taken', async () => {
    const made = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'signature' }] }] });
    await brand(made.owner);
    await setPlan(t.app, made.owner.id, 'personal');
    const [signer] = made.signers;
    if (!signer) throw new Error('no signer');
    const call = signerClient(t.app, signer.token);
    const body = (
      await call('GET', `/document_sign/signers/${signer.id}/document/${made.documentId}`)
    ).json<SignerDocument>();
    expect(body.company).toBeNull();
    expect(body.signatureTypes).toEqual(['draw', 'text', 'upload']);
    expect(body.document.redirectionPage).toBeNull();
    const signed = await call('PATCH', `/document_sign/documents/${made.documentId}/signers/${signer.id}/sign`, {
      fields: [{ id: signer.fieldIds[0], requisiteId: await signerRequisite(t.app, signer.id) }],
      consent: 'I agree',
    });
    expect(signed.statusCode, signed.body).toBe(200);
  });
});

describe('a company document sent, signed and sealed', () => {
  it('mails with the From name, logo and closing, gives an access code, and the certificate names the company', async () => {
    const owner = await authClient(t.app).loggedInUser();
    const settings = await brand(owner, { enableSignerAccessCodes: true });
    const docs = documentClient(t.app, owner.accessToken);
    const draft = await docs.createReady('others');
    const email = `signer.${draft.id.slice(0, 8)}@example.com`;
    const withSigner = await docs.patch(draft.id, {
      title: 'Supply deal',
      signers: [{ name: 'Sam Signer', email, order: 1 }],
    });
    const [signerRow] = withSigner.json<Document>().signers;
    if (!signerRow) throw new Error('no signer');
    const field = blankField({ id: randomUUID(), type: 'signature', coordinateX: 72, coordinateY: 600 });
    expect((await docs.patch(draft.id, { fields: [{ ...field, signerId: signerRow.id }] })).statusCode).toBe(200);
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/document_sign/documents/${draft.id}/send_out`,
      headers: docs.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    // The access code: random, kept for the owner to copy.
    const codeAccess = (await docs.get(draft.id)).json<Document>().codeAccess ?? '';
    expect(codeAccess).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    // The invitation: From the company's name at the server's address, its logo on top, its closing at the end.
    const invitation = await waitForMail(t.app, email, { subject: /to sign/ });
    expect(invitation.from).toBe('"Acme Contracts" <no-reply@localhost>');
    const logoUrl = new URL(settings.companyLogoUrl ?? '', t.app.platform.config.appUrl).toString();
    expect(invitation.html).toContain(
      `<img src="${logoUrl}" width="280" height="50" alt="Acme &lt;b&gt;Ltd&lt;/b&gt;"`,
    );
    expect(invitation.html).toContain('Kind regards,<br>The Acme team');
    expect(invitation.text).toContain('Kind regards,\nThe Acme team');

    // The signer needs the code first, then signs with a drawn signature.
    const token = linkParam(invitation, 'signAccessToken');
    const call = signerClient(t.app, token);
    const path = `/document_sign/signers/${signerRow.id}/document/${draft.id}`;
    expect((await call('GET', path)).json().code).toBe('ACCESS_CODE_REQUIRED');
    expect((await call('POST', `${path}/confirm_code`, { codeAccess })).statusCode).toBe(200);
    const signed = await call('PATCH', `/document_sign/documents/${draft.id}/signers/${signerRow.id}/sign`, {
      fields: [{ id: field.id, requisiteId: await signerRequisite(t.app, signerRow.id, 'sign', 'draw') }],
      consent: 'I agree',
    });
    expect(signed.statusCode, signed.body).toBe(200);

    // The completion mail is branded too, and the certificate of completion names the company.
    const completed = await waitForMail(t.app, email, { subject: /^Completed:/, timeoutMs: 60_000 });
    expect(completed.from).toBe('"Acme Contracts" <no-reply@localhost>');
    expect(completed.html).toContain('Kind regards,<br>The Acme team');
    const document = await findDocument(t.app.platform.database.db, draft.id);
    const pdf = await t.app.platform.storage.getBuffer(document?.resultPdfFileKey ?? '');
    const text = pdftotext(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('Company Acme <b>Ltd</b>');
  }, 120_000);

  it('sends mails of an unbranded owner as before: the configured From, no logo, no closing; no access code', async () => {
    const owner = await authClient(t.app).loggedInUser();
    const docs = documentClient(t.app, owner.accessToken);
    const draft = await docs.createReady('others');
    const email = `plain.${draft.id.slice(0, 8)}@example.com`;
    const withSigner = await docs.patch(draft.id, { signers: [{ name: 'Pat Plain', email, order: 1 }] });
    const [signerRow] = withSigner.json<Document>().signers;
    const field = blankField({ id: randomUUID(), type: 'signature', coordinateX: 72, coordinateY: 600 });
    await docs.patch(draft.id, { fields: [{ ...field, signerId: signerRow?.id ?? null }] });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/document_sign/documents/${draft.id}/send_out`,
      headers: docs.headers,
    });
    expect((await docs.get(draft.id)).json<Document>().codeAccess).toBeNull();
    const invitation = await waitForMail(t.app, email, { subject: /to sign/ });
    expect(invitation.from).toBe(t.app.platform.config.mailFrom);
    expect(invitation.html).not.toContain('<img');
  }, 60_000);

  it("gives no access code to a public form's document: its visitor signs at once", async () => {
    const owner = await authClient(t.app).loggedInUser();
    await brand(owner, { enableSignerAccessCodes: true });
    const form = await formClient(t.app, owner.accessToken).live('Visitor waiver');
    const submitted = await visitor(t.app).submit(form.id, { name: 'Vera Visitor', email: 'vera@example.com' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const made = submitted.json<{ documentId: string; signerId: string; signAccessToken: string }>();
    const page = await signerClient(t.app, made.signAccessToken)(
      'GET',
      `/document_sign/signers/${made.signerId}/document/${made.documentId}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<SignerDocument>().company?.name).toBe('Acme <b>Ltd</b>');
  }, 60_000);
});

describe("a team's company", () => {
  it("brands a teammate's document with the team owner's company; the settings' calls answer a teammate 404", async () => {
    const made = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'signature' }] }] });
    const teamOwner = await authClient(t.app).loggedInUser();
    await brand(teamOwner);
    const { call, invitationOf, accept } = teamClient(t.app);
    await call(teamOwner, 'POST', '/teams/members', { emails: [made.owner.email] });
    const invitation = await invitationOf(made.owner.email);
    expect((await accept(invitation.teamId, { token: invitation.token })).statusCode).toBe(200);

    const [signer] = made.signers;
    if (!signer) throw new Error('no signer');
    const page = await signerClient(t.app, signer.token)(
      'GET',
      `/document_sign/signers/${signer.id}/document/${made.documentId}`,
    );
    expect(page.json<SignerDocument>().company?.name).toBe('Acme <b>Ltd</b>');
    expect((await call(made.owner, 'GET', '/user/company')).statusCode).toBe(404);
    expect((await call(made.owner, 'PATCH', '/user/company', company)).statusCode).toBe(404);
  });
});
