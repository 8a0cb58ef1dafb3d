import type { Document } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient, fieldInput } from '../../../test/documents.js';
import { awaitingDocument, signerClient } from '../../../test/signing.js';

let t: TestApp;
let auth: ReturnType<typeof authClient>;
beforeAll(async () => {
  t = await createTestApp();
  auth = authClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** A draft with one signer and a field for them, in `language` (none given: the default). */
async function draft(language?: string | null) {
  const user = await auth.loggedInUser();
  const docs = documentClient(t.app, user.accessToken);
  const document = await docs.createReady('others');
  const email = `bob.${document.id}@example.com`;
  const patched = await docs.patch(document.id, {
    title: 'Lease',
    signers: [{ name: 'Bob', email, order: 1 }],
    ...(language === undefined ? {} : { language }),
  });
  return { docs, document, email, patched };
}

describe("a document's language (issue 26)", () => {
  it('is English (null) by default and set by the sender through PATCH documents/{id}', async () => {
    const { docs, document, patched } = await draft();
    expect(patched.json<Document>().language).toBeNull();
    const set = await docs.patch(document.id, { language: 'de' });
    expect(set.statusCode).toBe(200);
    expect(set.json<Document>().language).toBe('de');
    expect((await docs.get(document.id)).json<Document>().language).toBe('de');
  });

  it('takes only one of the ten codes', async () => {
    const { patched } = await draft('xx');
    expect(patched.statusCode).toBe(400);
  });

  it("mails the signer's invitation in the document's language", async () => {
    const { docs, document, email, patched } = await draft('de');
    const signerId = patched.json<Document>().signers[0]?.id ?? '';
    expect((await docs.patch(document.id, { fields: [fieldInput({ signerId })] })).statusCode).toBe(200);
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/document_sign/documents/${document.id}/send_out`,
      headers: docs.headers,
    });
    expect(sent.statusCode).toBe(200);
    const mail = await waitForMail(t.app, email);
    expect(mail.subject).toBe('Ada Lovelace hat Ihnen „Lease“ zur Unterschrift gesendet');
    expect(mail.text).toContain('Hallo Bob,');
    expect(mail.text).toContain('Prüfen und unterschreiben');
  });

  it("gives the signer page the document's language (null when the sender chose none)", async () => {
    for (const language of ['ja', undefined] as const) {
      const made = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'signature' }] }], language });
      const [signer] = made.signers;
      const answer = await signerClient(t.app, signer?.token ?? '')(
        'GET',
        `/document_sign/signers/${signer?.id}/document/${made.documentId}`,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ document: { language: string | null } }>().document.language).toBe(language ?? null);
    }
  });
});
