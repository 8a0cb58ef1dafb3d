import { randomUUID } from 'node:crypto';
import { blankField, type DocumentField, type FieldType } from '@esign/shared';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './accounts.js';
import { makePdf } from './pdf.js';

const API = '/api/v1';

export interface ApiSession {
  accessToken: string;
  refreshToken: string;
  user: { id: string; name: string; email: string };
  email: string;
  password: string;
}

/** A confirmed user signed in through the API. */
export async function apiSession(request: APIRequestContext, name = 'Grace Hopper'): Promise<ApiSession> {
  const account = await createConfirmedUser(request, name);
  const response = await request.post(`${API}/auth/sign_in`, {
    data: { email: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as ApiSession;
  return { ...answer, email: account.email, password: account.password };
}

/** The session's Authorization header, for API calls made as its user. */
export const bearer = (session: ApiSession) => ({ Authorization: `Bearer ${session.accessToken}` });

/** A draft of a type with one uploaded PDF, once its conversion and combination are finished. */
export async function createDocumentWithPdf(
  request: APIRequestContext,
  session: ApiSession,
  input: { type: 'me' | 'me_and_other' | 'others'; pdf: Buffer; fileName?: string },
): Promise<string> {
  const created = await request.post(`${API}/documents`, { headers: bearer(session), data: { type: input.type } });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await uploadPdf(request, session, id, input);
  return id;
}

/** Uploads a PDF to a draft (a document or a template) and waits until its conversion and combination finish. */
export async function uploadPdf(
  request: APIRequestContext,
  session: ApiSession,
  id: string,
  input: { pdf: Buffer; fileName?: string },
): Promise<void> {
  const upload = await request.post(`${API}/documents/${id}/file_upload`, {
    headers: bearer(session),
    multipart: { upload: { name: input.fileName ?? 'document.pdf', mimeType: 'application/pdf', buffer: input.pdf } },
  });
  expect(upload.ok()).toBe(true);
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${API}/documents/${id}/convertion_data`, { headers: bearer(session) });
        return ((await answer.json()) as { isFinished: boolean }).isFinished;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** PATCH documents/{id} as the owner. */
export async function patchDocument(
  request: APIRequestContext,
  session: ApiSession,
  id: string,
  data: Record<string, unknown>,
) {
  const response = await request.patch(`${API}/documents/${id}`, { headers: bearer(session), data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { signers: { id: string; isPreparer: boolean }[]; fields: unknown[] };
}

/** The page is logged in as the session's user (its tokens in storage), before any script of the app runs. */
export async function useSession(page: Page, session: ApiSession): Promise<void> {
  await page.addInitScript(
    ([access, refresh]) => {
      localStorage.setItem('esign.accessToken', access ?? '');
      sessionStorage.setItem('esign.accessToken', access ?? '');
      localStorage.setItem('esign.refreshToken', refresh ?? '');
    },
    [session.accessToken, session.refreshToken],
  );
}

export interface Person {
  name: string;
  email: string;
}

/** A required signature field on page 1 for one signer, as the editor saves it. */
export const signatureField = (signerId: string, coordinateY: number) =>
  blankField({ id: randomUUID(), type: 'signature', coordinateX: 72, coordinateY, width: 150, height: 40, signerId });

/**
 * A document with one signature field for each of `others`, sent through the API as the editor would; for Me &
 * Others the owner, as the preparer, has filled their own text field. Only Me documents complete when sent.
 */
export async function sendDocument(
  request: APIRequestContext,
  owner: ApiSession,
  input: { type: 'me' | 'me_and_other' | 'others'; isOrdered?: boolean; others?: Person[]; title?: string },
) {
  const id = await createDocumentWithPdf(request, owner, { type: input.type, pdf: makePdf(1) });
  const others = input.others ?? [];
  const withSigners = await patchDocument(request, owner, id, {
    title: input.title ?? 'Partnership agreement',
    isOrdered: input.isOrdered ?? false,
    signers: others.map((person, index) => ({ ...person, order: index + 1 })),
  });
  const fields = withSigners.signers
    .filter((signer) => !signer.isPreparer)
    .map((signer, index) => signatureField(signer.id, 650 - index * 120));
  const preparer = withSigners.signers.find((signer) => signer.isPreparer);
  const preparerFields = preparer
    ? [
        blankField({
          id: randomUUID(),
          type: 'text',
          coordinateX: 72,
          coordinateY: 160,
          width: 150,
          height: 20,
          signerId: preparer.id,
          text: owner.user.name,
          fontSize: 12,
        }),
      ]
    : [];
  await patchDocument(request, owner, id, { fields: [...fields, ...preparerFields] });
  const headers = bearer(owner);
  const sent = await request.patch(`${API}/document_sign/documents/${id}/send_out`, { headers });
  expect(sent.ok(), await sent.text()).toBe(true);
  return { id, headers, fieldIds: fields.map((field) => field.id) };
}

/** A field of `type` for one signer at `coordinateY` (72 pt from the left), with `extra` over the blank one. */
export type FieldOf = (type: FieldType, coordinateY: number, extra?: Partial<DocumentField>) => DocumentField;

/**
 * A one-page document from a new owner, titled `title`, sent to Bob with the fields `fieldsFor` makes for him (the
 * field kinds' journeys, issue 37): its id, Bob's address and the owner's session.
 */
export async function sentToBob(
  request: APIRequestContext,
  title: string,
  fieldsFor: (field: FieldOf) => DocumentField[],
) {
  const owner = await apiSession(request, 'Olivia Owner');
  const id = await createDocumentWithPdf(request, owner, { type: 'others', pdf: makePdf(1) });
  const email = uniqueEmail('bob');
  const { signers } = await patchDocument(request, owner, id, {
    title,
    signers: [{ name: 'Bob Signer', email, order: 1 }],
  });
  const signerId = signers[0]?.id ?? null;
  const field: FieldOf = (type, coordinateY, extra = {}) =>
    blankField({ id: randomUUID(), type, coordinateX: 72, coordinateY, signerId, ...extra });
  await patchDocument(request, owner, id, { fields: fieldsFor(field) });
  const sent = await request.patch(`${API}/document_sign/documents/${id}/send_out`, { headers: bearer(owner) });
  expect(sent.ok(), await sent.text()).toBe(true);
  return { id, email, owner };
}

/** An Only Me document sent and sealed: completed, with its result PDF stored. */
export async function completedDocument(request: APIRequestContext, owner: ApiSession, title: string) {
  const { id } = await sendDocument(request, owner, { type: 'me', title });
  await sealedKey(request, owner, id);
  return id;
}

/** The storage key of a document's sealed PDF, once the seal (a job after the last signature) has stored it. */
async function sealedKey(request: APIRequestContext, owner: ApiSession, id: string): Promise<string> {
  let key: string | null = null;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${API}/documents/${id}`, { headers: bearer(owner) });
        key = ((await answer.json()) as { resultPdfFileKey: string | null }).resultPdfFileKey;
        return key !== null;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return key ?? '';
}

/** A document's sealed PDF, downloaded by its owner through a signed link once the seal has stored it. */
export async function sealedPdf(request: APIRequestContext, owner: ApiSession, id: string): Promise<Buffer> {
  const key = await sealedKey(request, owner, id);
  const link = await request.post(`${API}/auth/get_signed_download_url`, {
    headers: bearer(owner),
    data: { key, fileName: 'sealed.pdf' },
  });
  expect(link.ok(), await link.text()).toBe(true);
  const pdf = await request.get(((await link.json()) as { result: string }).result);
  expect(pdf.ok()).toBe(true);
  return pdf.body();
}
