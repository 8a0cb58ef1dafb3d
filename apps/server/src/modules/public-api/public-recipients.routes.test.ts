// Issue 36 through the public API and its typed client: correct a recipient, allow reassignment.
import { EsignApiError } from '@esign/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyClient, keyClient } from '../../../test/api-keys.js';
import { createTestApp, linkParam, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { awaitingDocument, signerClient } from '../../../test/signing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the public API: update_recipient and set_reassignment', () => {
  it("corrects a recipient's e-mail and allows reassignment through the client, as the key's owner", async () => {
    const made = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'text' }] }] });
    const [first] = made.signers;
    if (!first) throw new Error('no signer');
    const { key } = await apiKeyClient(t.app, made.owner.accessToken).newKey();
    const client = keyClient(t.app, key);
    const email = uniqueEmail('fixed');

    const answer = await client.updateRecipient(made.documentId, first.id, { name: 'Fixed Name', email });
    expect(answer.signers).toEqual([
      {
        id: first.id,
        name: 'Fixed Name',
        email,
        order: 1,
        status: 'awaiting',
        recipientRole: 'signer',
        step: 1,
        verification: 'none',
        phone: null,
      },
    ]);
    const token = linkParam(await waitForMail(t.app, email), 'signAccessToken');
    expect(
      (await signerClient(t.app, token)('GET', `/document_sign/documents/${made.documentId}/signers`)).statusCode,
    ).toBe(200);

    expect(await client.setReassignment(made.documentId, true)).toEqual({
      documentId: made.documentId,
      allowReassign: true,
    });
  });

  it("answers another account's document as not found, and a bad e-mail as a validation error", async () => {
    const made = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'text' }] }] });
    const [first] = made.signers;
    if (!first) throw new Error('no signer');
    const stranger = await authClient(t.app).loggedInUser();
    const { key } = await apiKeyClient(t.app, stranger.accessToken).newKey();
    const client = keyClient(t.app, key);
    const hidden = await client.updateRecipient(made.documentId, first.id, { name: 'Mallory' }).catch((error) => error);
    expect(hidden).toBeInstanceOf(EsignApiError);
    expect((hidden as EsignApiError).status).toBe(404);
    const own = keyClient(t.app, (await apiKeyClient(t.app, made.owner.accessToken).newKey()).key);
    const invalid = await own.updateRecipient(made.documentId, first.id, { email: 'nope' }).catch((error) => error);
    expect((invalid as EsignApiError).code).toBe('VALIDATION_ERROR');
  });
});
