// Cause: the send-out recorded one fixed consent for the sender ('under the Electronic Signature Disclosure and
// Consent agreed to with their saved signature'), but the quick 'Sign Now' saved a signature without asking for
// any consent, so the certificate of completion claimed an agreement the sender never gave.
import { randomUUID } from 'node:crypto';
import { blankField, type Document, type Requisite } from '@esign/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient } from '../../../test/documents.js';
import { pdftotext } from '../../../test/poppler.js';
import { pngBase64 } from '../../../test/requisites.js';
import { waitForSealed } from '../../../test/signing.js';
import { requisites } from '../../platform/db/schema.js';

let t: TestApp;
let png: string;
beforeAll(async () => {
  t = await createTestApp();
  png = await pngBase64();
});
afterAll(async () => {
  await t?.close();
});

const CONSENT =
  'I agree to the Electronic Signature Disclosure and Consent: my electronic signature and initials are the legal equivalent of my handwritten ones.';

/** An Only Me document signed with a saved pair made with or without the consent, sent, sealed: its text. */
async function sealedOnlyMe(consent: string | undefined): Promise<string> {
  const user = await authClient(t.app).loggedInUser();
  const docs = documentClient(t.app, user.accessToken);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/v1/requisites',
    headers: docs.headers,
    payload: {
      requisites: [
        { type: 'sign', valueType: 'text', text: 'Ada Lovelace', fontFamily: 'greatVibes', fontSize: 36, image: png },
        { type: 'initial', valueType: 'text', text: 'AL', fontFamily: 'greatVibes', fontSize: 36, image: png },
      ],
      ...(consent ? { consent } : {}),
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const signature = saved.json<Requisite[]>().find((item) => item.type === 'sign');

  const draft = await docs.createReady('me');
  const withTitle = (await docs.patch(draft.id, { title: 'Own contract', signers: [] })).json<Document>();
  const preparer = withTitle.signers.find((signer) => signer.isPreparer);
  const field = blankField({ id: randomUUID(), type: 'signature', coordinateX: 72, coordinateY: 600 });
  const fields = [{ ...field, signerId: preparer?.id ?? null, requisiteId: signature?.id ?? null }];
  const patched = await docs.patch(draft.id, { fields });
  expect(patched.statusCode, patched.body).toBe(200);
  const sent = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/document_sign/documents/${draft.id}/send_out`,
    headers: { ...docs.headers, 'user-agent': 'SenderBrowser/1.0' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const sealed = await waitForSealed(t.app, draft.id);
  const pdf = await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey ?? '');
  return pdftotext(pdf).replace(/\s+/g, ' ');
}

describe("the sender's consent on the certificate of completion", () => {
  it('quotes the consent the sender ticked when making the saved signature they signed with', async () => {
    const text = await sealedOnlyMe(CONSENT);
    expect(text).toContain('Certificate of completion');
    expect(text).toContain(`after agreeing to: "${CONSENT}"`);
    expect(text).not.toContain('No agreement');
  }, 120_000);

  it('says no consent was recorded when the saved signature was made without one, instead of claiming it', async () => {
    const text = await sealedOnlyMe(undefined);
    expect(text).toContain(
      'Signed by the sender while preparing the document and sent with Send. No agreement to the Electronic Signature Disclosure and Consent was recorded for it.',
    );
    expect(text).not.toContain('agreed to');
    expect(text).not.toContain('after agreeing');
  }, 120_000);
});

describe('the consent kept with a saved pair', () => {
  it('is stored with both halves, and an edit without a new consent keeps it', async () => {
    const user = await authClient(t.app).loggedInUser();
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const pair = (consent?: string, ids: string[] = []) => ({
      requisites: [
        { ...(ids[0] ? { id: ids[0] } : {}), type: 'sign', valueType: 'draw', image: png },
        { ...(ids[1] ? { id: ids[1] } : {}), type: 'initial', valueType: 'draw', image: png },
      ],
      ...(consent ? { consent } : {}),
    });
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/requisites', headers, payload: pair(CONSENT) });
    expect(made.statusCode, made.body).toBe(200);
    const ids = made.json<Requisite[]>().map((item) => item.id);
    const consents = async (rowIds: string[]) =>
      (
        await t.app.platform.database.db
          .select({ consent: requisites.consent })
          .from(requisites)
          .where(inArray(requisites.id, rowIds))
      ).map((row) => row.consent);
    expect(await consents(ids)).toEqual([CONSENT, CONSENT]);

    const edited = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/requisites',
      headers,
      payload: pair(undefined, ids),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await consents(edited.json<Requisite[]>().map((item) => item.id))).toEqual([CONSENT, CONSENT]);
  });
});
