import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createConfirmedUser } from './accounts.js';

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

const bearer = (session: ApiSession) => ({ Authorization: `Bearer ${session.accessToken}` });

/** A draft of a type with one uploaded PDF, once its conversion and combination are finished. */
export async function createDocumentWithPdf(
  request: APIRequestContext,
  session: ApiSession,
  input: { type: 'me' | 'me_and_other' | 'others'; pdf: Buffer; fileName?: string },
): Promise<string> {
  const created = await request.post(`${API}/documents`, { headers: bearer(session), data: { type: input.type } });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
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
  return id;
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
