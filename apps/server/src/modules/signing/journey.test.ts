// The whole journey through the real API, jobs, mail outbox and PDF pipeline: prepare, send (ordered), each
// signer signs from the link in their own mail, the document completes, the seal runs, the completion mail's
// download link gives a PDF that poppler's pdfsig calls valid over the whole document.
import { randomUUID } from 'node:crypto';
import {
  blankField,
  type Document,
  type DocumentActivity,
  type Requisite,
  SIGN_ACCESS_TOKEN_HEADER,
} from '@esign/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient } from '../../../test/documents.js';
import { pdfsig } from '../../../test/poppler.js';
import { waitForSealed } from '../../../test/signing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

async function signaturePng(): Promise<string> {
  const bytes = await sharp({ create: { width: 300, height: 80, channels: 4, background: '#ffffff00' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="300" height="80"><path d="M10 60 C 80 0, 160 90, 290 20" stroke="#123" stroke-width="5" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  return bytes.toString('base64');
}

describe('the signing journey', () => {
  it('sends in order, each signer signs from their mail, and the sealed result verifies', async () => {
    const owner = await authClient(t.app).loggedInUser();
    const docs = documentClient(t.app, owner.accessToken);
    const draft = await docs.createReady('others');
    const stamp = draft.id.slice(0, 8);
    const bob = { name: 'Bob Stone', email: `bob.${stamp}@example.com`, order: 1 };
    const carol = { name: 'Carol Reed', email: `carol.${stamp}@example.com`, order: 2 };

    const withSigners = await docs.patch(draft.id, { title: 'Lease', isOrdered: true, signers: [bob, carol] });
    expect(withSigners.statusCode, withSigners.body).toBe(200);
    const [bobSigner, carolSigner] = withSigners.json<Document>().signers;
    if (!bobSigner || !carolSigner) throw new Error('signers not saved');
    const signatureField = blankField({
      id: randomUUID(),
      type: 'signature',
      coordinateX: 72,
      coordinateY: 600,
      signerId: bobSigner.id,
    });
    const textField = blankField({
      id: randomUUID(),
      type: 'text',
      coordinateX: 72,
      coordinateY: 650,
      width: 120,
      signerId: carolSigner.id,
    });
    const saved = await docs.patch(draft.id, { fields: [signatureField, textField] });
    expect(saved.statusCode, saved.body).toBe(200);

    const sent = await api('PATCH', `/document_sign/documents/${draft.id}/send_out`, docs.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<Document>().status).toBe('awaiting');

    // Ordered: only Bob is invited now.
    const bobToken = linkParam(await waitForMail(t.app, bob.email), 'signAccessToken');
    const bobHeaders = { [SIGN_ACCESS_TOKEN_HEADER]: bobToken };
    const image = await signaturePng();
    const pair = await api('POST', '/requisites', bobHeaders, {
      requisites: [
        { type: 'sign', valueType: 'draw', image },
        { type: 'initial', valueType: 'draw', image },
      ],
    });
    expect(pair.statusCode, pair.body).toBe(200);
    const signature = pair.json<Requisite[]>().find((requisite) => requisite.type === 'sign');
    const consent = 'I agree to sign electronically.';
    const bobSigned = await api(
      'PATCH',
      `/document_sign/documents/${draft.id}/signers/${bobSigner.id}/sign`,
      bobHeaders,
      {
        fields: [{ id: signatureField.id, requisiteId: signature?.id }],
        consent,
      },
    );
    expect(bobSigned.statusCode, bobSigned.body).toBe(200);
    expect(bobSigned.json<{ documentStatus: string }>().documentStatus).toBe('awaiting');

    // Bob's finish invites Carol.
    const carolToken = linkParam(await waitForMail(t.app, carol.email), 'signAccessToken');
    const carolSigned = await api(
      'PATCH',
      `/document_sign/documents/${draft.id}/signers/${carolSigner.id}/sign`,
      { [SIGN_ACCESS_TOKEN_HEADER]: carolToken },
      { fields: [{ id: textField.id, text: 'Carol Reed' }], consent },
    );
    expect(carolSigned.statusCode, carolSigned.body).toBe(200);
    expect(carolSigned.json<{ documentStatus: string }>().documentStatus).toBe('completed');

    // The seal stores the result, then the owner is mailed a download link.
    const sealed = await waitForSealed(t.app, draft.id);
    expect(sealed.resultPdfFileKey).toBeTruthy();
    expect(sealed.status).toBe('completed');
    // The completion mail (not the 'signed' notice an earlier signature sent the owner).
    const ownerMail = await waitForMail(t.app, owner.email, { subject: /^Completed:/, timeoutMs: 60_000 });
    const hash = linkParam(ownerMail, 'hash');
    const download = await api('GET', `/document_sign/documents/${draft.id}/signed_download_url/hash?hash=${hash}`, {});
    expect(download.statusCode, download.body).toBe(200);
    const { pathname, search } = new URL(download.json<{ url: string }>().url);
    const pdf = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
    expect(pdf.statusCode).toBe(200);
    const report = pdfsig(pdf.rawPayload);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');

    const activities = (await api('GET', `/documents/${draft.id}/activities`, docs.headers)).json<DocumentActivity[]>();
    const types = activities.map((activity) => activity.type);
    expect(types).toEqual(expect.arrayContaining(['create', 'send', 'sign', 'complete']));
    expect(types.filter((type) => type === 'sign')).toHaveLength(2);
    expect(types.filter((type) => type === 'complete')).toHaveLength(1);
  });
});
