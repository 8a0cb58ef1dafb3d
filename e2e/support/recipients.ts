import { randomUUID } from 'node:crypto';
import { blankField } from '@esign/shared';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { logInNewUser } from './accounts.js';
import { corpus } from './corpus.js';
import { type ApiSession, bearer, createDocumentWithPdf, patchDocument } from './documents.js';
import { makePdf } from './pdf.js';

const API = '/api/v1';

export interface Recipient {
  name: string;
  email: string;
  recipientRole?: 'signer' | 'approver' | 'viewer' | 'cc';
  step?: number;
  /** Issue 38: the identity check by a mailed or texted code, and the number an SMS code goes to. */
  verification?: 'none' | 'email' | 'sms' | 'email_sms';
  phone?: string;
}

/**
 * Issue 36: a document of recipients with roles and steps, sent through the API as the editor would: one
 * required text field for each signer (only signers own fields). Answers the recipients' ids and their fields.
 */
export async function sendWithRecipients(
  request: APIRequestContext,
  owner: ApiSession,
  input: { title: string; recipients: Recipient[]; isOrdered?: boolean },
) {
  const id = await createDocumentWithPdf(request, owner, { type: 'others', pdf: makePdf(1) });
  const saved = (await patchDocument(request, owner, id, {
    title: input.title,
    isOrdered: input.isOrdered ?? true,
    signers: input.recipients.map((recipient, index) => ({ ...recipient, order: index + 1 })),
  })) as unknown as { signers: { id: string; email: string; recipientRole: string }[] };
  const fieldOf = new Map<string, string>();
  const fields = saved.signers
    .filter((signer) => signer.recipientRole === 'signer')
    .map((signer, index) => {
      const field = blankField({
        id: randomUUID(),
        type: 'text',
        coordinateX: 72,
        coordinateY: 600 - index * 60,
        width: 160,
        height: 24,
        signerId: signer.id,
      });
      fieldOf.set(signer.email, field.id);
      return field;
    });
  await patchDocument(request, owner, id, { fields });
  const sent = await request.patch(`${API}/document_sign/documents/${id}/send_out`, { headers: bearer(owner) });
  expect(sent.ok(), await sent.text()).toBe(true);
  const idOf = new Map(saved.signers.map((signer) => [signer.email, signer.id]));
  return { id, idOf, fieldOf };
}

/** The signing link's token of an invitation's link. */
export const tokenOf = (link: string) => new URL(link).searchParams.get('signAccessToken') ?? '';

/** A signer fills its one text field and signs through the API with its link's token. */
export async function signTextThroughApi(
  request: APIRequestContext,
  input: { documentId: string; signerId: string; fieldId: string; token: string; text: string },
) {
  const response = await request.patch(
    `${API}/document_sign/documents/${input.documentId}/signers/${input.signerId}/sign`,
    {
      headers: { 'x-sign-access-token': input.token },
      data: { fields: [{ id: input.fieldId, text: input.text }], consent: 'I agree' },
    },
  );
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { documentStatus: string };
}

/**
 * A new user's Only Others document on the prepare page: a two-page PDF of the corpus uploaded and converted, its
 * title typed. Answers the 'Prepare Doc for Signing' button and the signer rows.
 */
export async function prepareOthersDocument(page: Page, title: string) {
  await logInNewUser(page);
  await page.goto('/only-others');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload File' }).click();
  await (await chooser).setFiles([corpus('pdf/pdf20_latex_2p.pdf')]);
  const prepare = page.getByRole('button', { name: 'Prepare Doc for Signing' });
  await expect(prepare).toBeEnabled({ timeout: 60_000 });
  await page.getByLabel('Document title').fill(title);
  return { prepare, rows: page.getByTestId('signer-row') };
}
