import { type APIRequestContext, expect } from '@playwright/test';
import { type ApiSession, bearer, signatureField, uploadPdf } from './documents.js';
import { makePdf } from './pdf.js';

const API = '/api/v1';

/** A live form made through the API (its owner needs Business): one PDF page, a required signature for SIGNER. */
export async function liveForm(
  request: APIRequestContext,
  session: ApiSession,
  title: string,
): Promise<{ id: string }> {
  const headers = bearer(session);
  const created = await request.post(`${API}/documents/form-requests`, { headers, data: { title } });
  expect(created.ok(), await created.text()).toBe(true);
  const form = (await created.json()) as { id: string; signers: { id: string; isPreparer: boolean }[] };
  await uploadPdf(request, session, form.id, { pdf: makePdf(1), fileName: 'form.pdf' });
  const signer = form.signers.find((row) => !row.isPreparer);
  const fields = [signatureField(signer?.id ?? '', 300)];
  const patched = await request.patch(`${API}/documents/form-requests/${form.id}`, { headers, data: { fields } });
  expect(patched.ok(), await patched.text()).toBe(true);
  const activated = await request.patch(`${API}/documents/templates/${form.id}/activate`, { headers, data: {} });
  expect(activated.ok(), await activated.text()).toBe(true);
  expect(((await activated.json()) as { errors: string[] }).errors).toEqual([]);
  return { id: form.id };
}
