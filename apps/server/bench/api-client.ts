// The API as the benchmarks call it (the web app's calls, with a user's access token), and a live template made
// through it: shared by templates.bench.ts and developer-api.bench.ts.
import { randomUUID } from 'node:crypto';
import {
  type ActivateTemplateResponse,
  blankField,
  type Document,
  type DocumentField,
  type FieldType,
} from '@esign/shared';
import { textPdf } from './inputs.js';

export const POLL_MS = 50;
export const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

/** The API as the web app calls it, with the user's access token; an answer other than 200 throws. */
export function apiClient(baseUrl: string, token: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}
export type Api = ReturnType<typeof apiClient>;

/** `count` fields spread over `pages` pages, the kinds in turn, each assigned to one of the roles in turn. */
function templateFields(roles: Document['signers'], pages: number, count: number): DocumentField[] {
  const types: FieldType[] = ['signature', 'text', 'date', 'checkbox', 'initials', 'text'];
  return Array.from({ length: count }, (_, index) =>
    blankField({
      id: randomUUID(),
      type: types[index % types.length] ?? 'text',
      pageNumber: (index % pages) + 1,
      coordinateX: 50 + (index % 3) * 150,
      coordinateY: 100 + Math.floor(index / pages) * 150,
      signerId: roles[index % roles.length]?.id ?? null,
    }),
  );
}

/** A live template made through the API: roles, a text PDF of `pages` pages (converted), `fieldCount` fields. */
export async function liveTemplate(api: Api, params: { roles: string[]; pages: number; fieldCount: number }) {
  const draft = await api<Document>('POST', '/documents/templates', {
    title: `Bench ${params.pages} pages`,
    roles: params.roles.map((role) => ({ role })),
  });
  const form = new FormData();
  form.append('upload', new Blob([await textPdf(params.pages)]), 'contract.pdf');
  await api('POST', `/documents/${draft.id}/file_upload`, form);
  for (;;) {
    const conversion = await api<{ isFinished: boolean }>('GET', `/documents/${draft.id}/convertion_data`);
    if (conversion.isFinished) break;
    await sleep(POLL_MS);
  }
  const fields = templateFields(draft.signers, params.pages, params.fieldCount);
  await api('PATCH', `/documents/templates/${draft.id}`, { fields });
  const activated = await api<ActivateTemplateResponse>('PATCH', `/documents/templates/${draft.id}/activate`, {});
  if (activated.errors.length > 0) throw new Error(activated.errors.join('; '));
  return activated.template;
}
