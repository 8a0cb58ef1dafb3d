import { randomUUID } from 'node:crypto';
import { blankField } from '@esign/shared';
import { type APIRequestContext, expect } from '@playwright/test';
import { type ApiSession, bearer, uploadPdf } from './documents.js';
import { makePdf } from './pdf.js';

const API = '/api/v1';

/**
 * A live template made through the API (its owner needs a plan with templates): one PDF page, a required signature
 * for each role and, for the first role, an optional text field labelled `textLabel` when given.
 */
export async function liveTemplate(
  request: APIRequestContext,
  session: ApiSession,
  input: { title: string; roles: string[]; textLabel?: string },
): Promise<{ id: string }> {
  const headers = bearer(session);
  const created = await request.post(`${API}/documents/templates`, {
    headers,
    data: { title: input.title, roles: input.roles.map((role) => ({ role })) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const template = (await created.json()) as { id: string; signers: { id: string }[] };
  await uploadPdf(request, session, template.id, { pdf: makePdf(1), fileName: 'template.pdf' });
  const box = { coordinateX: 72, width: 150, height: 40 };
  const fields = template.signers.map((signer, index) =>
    blankField({ id: randomUUID(), type: 'signature', ...box, coordinateY: 600 - index * 80, signerId: signer.id }),
  );
  const first = template.signers[0];
  if (input.textLabel && first) {
    fields.push(
      blankField({
        id: randomUUID(),
        type: 'text',
        coordinateX: 72,
        coordinateY: 200,
        width: 150,
        height: 20,
        signerId: first.id,
        placeholder: input.textLabel,
        required: false,
      }),
    );
  }
  const patched = await request.patch(`${API}/documents/templates/${template.id}`, { headers, data: { fields } });
  expect(patched.ok(), await patched.text()).toBe(true);
  const activated = await request.patch(`${API}/documents/templates/${template.id}/activate`, { headers, data: {} });
  expect(activated.ok(), await activated.text()).toBe(true);
  expect(((await activated.json()) as { errors: string[] }).errors).toEqual([]);
  return { id: template.id };
}
