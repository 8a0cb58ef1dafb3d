import type { ActivateTemplateResponse, Document, TemplateOption } from '@esign/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../src/platform/db/schema.js';
import { corpusFile, documentClient, fieldInput } from './documents.js';

/** Thin helpers over `app.inject()` for the template routes. */
export function templateClient(app: FastifyInstance, accessToken: string) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const docs = documentClient(app, accessToken);

  const api = {
    create: (body: object = {}) => call('POST', '/documents/templates', body),
    patch: (id: string, body: object) => call('PATCH', `/documents/templates/${id}`, body),
    activate: (id: string) => call('PATCH', `/documents/templates/${id}/activate`, {}),
    addToApi: (id: string) => call('POST', `/documents/templates/${id}/to-api`),
    removeFromApi: (id: string) => call('DELETE', `/documents/templates/${id}/to-api`),
    copy: (id: string) => call('POST', `/documents/templates/${id}/copy`),
    replica: (id: string) => call('GET', `/documents/templates/${id}/replica`),
    merge: (sourceId: string, replicaId: string) =>
      call('POST', `/documents/templates/${sourceId}/replica/${replicaId}/merge`),
    live: () => call('GET', '/documents/all/templates?withTeammateTemplates=true'),
    createDocument: (id: string, body: object) => call('POST', `/documents/templates/${id}/create-document`, body),
  };

  async function ok<T>(response: Promise<{ statusCode: number; body: string; json: <U>() => U }>): Promise<T> {
    const answer = await response;
    if (answer.statusCode !== 200) throw new Error(`answered ${answer.statusCode}: ${answer.body}`);
    return answer.json<T>();
  }

  /** A draft template with the two-page PDF and a required signature for each role. */
  async function readyDraft(roles = ['Client', 'Manager'], title = 'NDA') {
    const template = await ok<Document>(api.create({ title, roles: roles.map((role) => ({ role })) }));
    await docs.uploadOk(template.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
    await docs.waitUntilFinished(template.id);
    const fields = template.signers.map((signer, index) =>
      fieldInput({ signerId: signer.id, coordinateY: 10 + 40 * index }),
    );
    return ok<Document>(api.patch(template.id, { fields }));
  }

  /** A live (active) template, as readyDraft makes it. */
  async function live(roles?: string[], title?: string) {
    const draft = await readyDraft(roles, title);
    const activated = await ok<ActivateTemplateResponse>(api.activate(draft.id));
    if (activated.errors.length > 0) throw new Error(activated.errors.join('; '));
    return activated.template;
  }

  return { ...api, ok, docs, readyDraft, live, liveList: () => ok<TemplateOption[]>(api.live()) };
}

/** Sets a user's plan (and optionally their own template limit), as an operator would in SQL. */
export async function setPlan(
  app: FastifyInstance,
  userId: string,
  planType: 'free' | 'personal' | 'business',
  templateLimit = 0,
) {
  await app.platform.database.db.update(users).set({ planType, templateLimit }).where(eq(users.id, userId));
}
