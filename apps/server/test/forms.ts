import type { ActivateTemplateResponse, Document } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { corpusFile, fieldInput } from './documents.js';
import { templateClient } from './templates.js';

/** Thin helpers over `app.inject()` for the forms' routes (the templates' client for the calls they share). */
export function formClient(app: FastifyInstance, accessToken: string) {
  const tpl = templateClient(app, accessToken);
  const headers = { authorization: `Bearer ${accessToken}` };
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  const api = {
    create: (body: object = {}) => call('POST', '/documents/form-requests', body),
    patch: (id: string, body: object) => call('PATCH', `/documents/form-requests/${id}`, body),
    disable: (id: string) => call('POST', `/documents/form-requests/${id}/disable`),
    enable: (id: string) => call('POST', `/documents/form-requests/${id}/enable`),
    contracts: (id: string) => call('GET', `/documents/form-requests/${id}/contracts`),
    registeredUsers: (id: string) => call('GET', `/documents/form-requests/${id}/registered-users`),
  };

  /** A draft form with the two-page PDF and a required signature for its SIGNER. */
  async function readyDraft(title = 'Visitor NDA') {
    const form = await tpl.ok<Document>(api.create({ title }));
    await tpl.docs.uploadOk(form.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
    await tpl.docs.waitUntilFinished(form.id);
    const signer = form.signers.find((row) => !row.isPreparer);
    return tpl.ok<Document>(api.patch(form.id, { fields: [fieldInput({ signerId: signer?.id ?? null })] }));
  }

  /** A live form, as readyDraft makes it. */
  async function live(title?: string) {
    const draft = await readyDraft(title);
    const activated = await tpl.ok<ActivateTemplateResponse>(tpl.activate(draft.id));
    if (activated.errors.length > 0) throw new Error(activated.errors.join('; '));
    return activated.template;
  }

  return { ...api, tpl, ok: tpl.ok, readyDraft, live };
}

/** The public page's calls, from the address `ip` (logged out). */
export function visitor(app: FastifyInstance, ip = '203.0.113.7') {
  return {
    form: (id: string) =>
      app.inject({ method: 'GET', url: `/api/v1/document_sign/form-requests/${id}`, remoteAddress: ip }),
    submit: (id: string, signer: { name: string; email: string }) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/document_sign/form-requests/${id}/create-document`,
        payload: { signer },
        remoteAddress: ip,
      }),
  };
}
