import { MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { awaitingDocument, signerClient } from '../../../test/signing.js';

// Security issue, finding 5: U+0000 in an e-mail, a title, a message, a signer name, a search term or a typed
// signature made PostgreSQL refuse the text: 13 unauthenticated 500s. Every text input now refuses control characters
// (but tab and line breaks) with 400 and the field's message, by the shared field rules.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const NUL = '\u0000';

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
  message: string;
}

async function expectRefused(cases: Case[]) {
  for (const { name, message, ...request } of cases) {
    const response = await t.app.inject(request);
    expect(response.statusCode, name).toBe(400);
    expect(JSON.stringify(response.json()), name).toContain(message);
  }
}

describe('control characters in text inputs', () => {
  it('are refused with 400 in the logged-out forms', async () => {
    const email = `ada${NUL}@example.com`;
    await expectRefused([
      {
        name: 'sign-in e-mail',
        method: 'POST',
        url: '/api/v1/auth/sign_in',
        payload: { email, password: 'secret1' },
        message: MESSAGES.invalidEmail,
      },
      {
        name: 'sign-up e-mail',
        method: 'POST',
        url: '/api/v1/auth/sign_up',
        payload: { name: 'Ada', email, password: 'secret1' },
        message: MESSAGES.invalidEmail,
      },
      {
        name: 'sign-up name',
        method: 'POST',
        url: '/api/v1/auth/sign_up',
        payload: { name: `Ada${NUL}`, email: 'ada@example.com', password: 'secret1' },
        message: MESSAGES.incorrectName,
      },
      {
        name: 'reset e-mail',
        method: 'POST',
        url: '/api/v1/auth/change_password/send_mail',
        payload: { email },
        message: MESSAGES.invalidEmail,
      },
      {
        name: 'confirmation e-mail',
        method: 'POST',
        url: '/api/v1/auth/confirm_email/send',
        payload: { email },
        message: MESSAGES.invalidEmail,
      },
      {
        name: 'confirmation token',
        method: 'POST',
        url: '/api/v1/auth/confirm_email/confirm',
        payload: { token: `abc${NUL}` },
        message: MESSAGES.linkInvalid,
      },
    ]);
  });

  it("are refused with 400 in a user's titles, messages, signers, searches and typed signatures", async () => {
    const user = await authClient(t.app).loggedInUser();
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers,
      payload: { type: 'others' },
    });
    const id = created.json<{ id: string }>().id;
    const typed = (text: string) => ({
      requisites: [
        { type: 'sign', valueType: 'text', text, fontFamily: null, fontSize: null },
        { type: 'initial', valueType: 'text', text: 'AL', fontFamily: null, fontSize: null },
      ],
    });
    await expectRefused([
      {
        name: 'new title',
        method: 'POST',
        url: '/api/v1/documents',
        headers,
        payload: { type: 'others', title: `Lease${NUL}` },
        message: MESSAGES.controlCharacters,
      },
      {
        name: 'title',
        method: 'PATCH',
        url: `/api/v1/documents/${id}`,
        headers,
        payload: { title: `Lease${NUL}` },
        message: MESSAGES.controlCharacters,
      },
      {
        name: 'message',
        method: 'PATCH',
        url: `/api/v1/documents/${id}`,
        headers,
        payload: { message: `Hi\u0007` },
        message: MESSAGES.controlCharacters,
      },
      {
        name: 'signer name',
        method: 'PATCH',
        url: `/api/v1/documents/${id}`,
        headers,
        payload: { signers: [{ name: `Bob${NUL}`, email: 'bob@example.com', order: 1 }] },
        message: MESSAGES.incorrectName,
      },
      {
        name: 'search term',
        method: 'GET',
        url: `/api/v1/documents?searchTerm=lease${encodeURIComponent(NUL)}`,
        headers,
        message: MESSAGES.controlCharacters,
      },
      {
        name: 'typed signature',
        method: 'POST',
        url: '/api/v1/requisites',
        headers,
        payload: typed(`Ada${NUL}`),
        message: MESSAGES.controlCharacters,
      },
    ]);
    // Tab and line breaks are text, not control characters.
    const kept = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/documents/${id}`,
      headers,
      payload: { message: 'Dear Bob,\r\n\tplease sign.' },
    });
    expect(kept.statusCode).toBe(200);
  });

  it("are refused with 400 in a signer's field values, access code and consent", async () => {
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'text' }] }] });
    const signer = doc.signers[0] as (typeof doc.signers)[0];
    const asSigner = signerClient(t.app, signer.token);
    const base = `/document_sign/documents/${doc.documentId}/signers/${signer.id}`;
    for (const [name, response, message] of [
      [
        'field text',
        await asSigner('PATCH', `${base}/fields`, { fields: [{ id: signer.fieldIds[0], text: `x${NUL}` }] }),
        MESSAGES.controlCharacters,
      ],
      ['consent', await asSigner('PATCH', `${base}/sign`, { consent: `I Agree${NUL}` }), MESSAGES.controlCharacters],
      [
        'access code',
        await asSigner('POST', `/document_sign/signers/${signer.id}/document/${doc.documentId}/confirm_code`, {
          codeAccess: `1${NUL}`,
        }),
        MESSAGES.controlCharacters,
      ],
    ] as const) {
      expect(response.statusCode, name).toBe(400);
      expect(response.body, name).toContain(message);
    }
  });
});

describe('U+0000 in any request', () => {
  // Cause: billing details' fields were bare strings (no control-character rule), so U+0000 reached PostgreSQL,
  // which cannot hold it in text, and the request answered 500; any other bare string field could do the same.
  it('is refused with 400 in billing details, and in a query value no schema names', async () => {
    const user = await authClient(t.app).loggedInUser();
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const details = { companyName: 'Acme', address: null, city: null, postalCode: null, country: null, vatId: null };
    for (const payload of [
      { ...details, companyName: `Acme${NUL}` },
      { ...details, city: `Paris${NUL}` },
      { ...details, postalCode: `7500${NUL}` },
      { ...details, vatId: `FR${NUL}` },
    ]) {
      const response = await t.app.inject({ method: 'PATCH', url: '/api/v1/user/billing_details', headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(MESSAGES.controlCharacters);
    }
    // The floor under every field: a query value no schema names is refused alike.
    const query = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/billing_details?x=${encodeURIComponent(NUL)}`,
      headers,
      payload: details,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe(MESSAGES.controlCharacters);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/billing_details',
      headers,
      payload: details,
    });
    expect(saved.statusCode).toBe(200);
  });
});
