import type {
  ActivateTemplateResponse,
  CreateFormDocumentResponse,
  Document,
  DocumentListResponse,
  RegisteredUser,
  SubmittedContract,
} from '@esign/shared';
import { MESSAGES } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { fieldInput } from '../../../test/documents.js';
import { formClient, visitor } from '../../../test/forms.js';
import { signerClient } from '../../../test/signing.js';
import { setPlan } from '../../../test/templates.js';
import { documents, formSubmissions, users } from '../../platform/db/schema.js';

let t: TestApp;
let owner: Awaited<ReturnType<ReturnType<typeof authClient>['loggedInUser']>>;
let forms: ReturnType<typeof formClient>;
let stranger: ReturnType<typeof formClient>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await authClient(t.app).loggedInUser();
  await setPlan(t.app, owner.id, 'business');
  forms = formClient(t.app, owner.accessToken);
  const other = await authClient(t.app).loggedInUser();
  await setPlan(t.app, other.id, 'business');
  stranger = formClient(t.app, other.accessToken);
});
afterAll(async () => {
  await t?.close();
});

const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;
const madeFrom = (formId: string) =>
  t.app.platform.database.db.select().from(documents).where(eq(documents.templateId, formId));

describe('a form from draft to live', () => {
  it("is created as a draft form with 'Me (Now)' at -1 and 'SIGNER' at 0", async () => {
    const form = await forms.ok<Document>(forms.create({ title: ' Waiver ' }));
    expect(form).toMatchObject({ type: 'form_request', status: 'draft', title: 'Waiver' });
    expect(form.signers.map((s) => [s.isPreparer, s.order, s.role, s.email])).toEqual([
      [true, -1, null, owner.email],
      [false, 0, 'SIGNER', ''],
    ]);
  });

  it('is a Business feature: other plans get QUOTA_EXCEEDED with their sentence', async () => {
    const free = await authClient(t.app).loggedInUser();
    const refused = await formClient(t.app, free.accessToken).create();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: MESSAGES.templatesNotInFreePlan });
    await setPlan(t.app, free.id, 'personal');
    const personal = await formClient(t.app, free.accessToken).create();
    expect(personal.statusCode).toBe(403);
    expect(message(personal)).toBe(MESSAGES.templateLimitOfPersonalPlan);
  });

  it("keeps its signers and lists the form's requirements on save", async () => {
    const form = await forms.ok<Document>(forms.create());
    const roles = await forms.tpl.patch(form.id, { roles: [{ role: 'Guest' }] });
    expect(roles.statusCode).toBe(400);
    expect(message(roles)).toBe(MESSAGES.formSignersFixed);
    const { template, errors } = await forms.ok<ActivateTemplateResponse>(forms.tpl.activate(form.id));
    expect(template.status).toBe('draft');
    expect(errors).toEqual(expect.arrayContaining([MESSAGES.formNeedsFile, MESSAGES.documentNeedsField]));
  });

  it("refuses a required 'Me (Now)' field its owner has not filled", async () => {
    const draft = await forms.readyDraft();
    const me = draft.signers.find((s) => s.isPreparer);
    const fields = [...draft.fields, fieldInput({ signerId: me?.id ?? null, coordinateY: 200 })];
    await forms.ok(forms.patch(draft.id, { fields }));
    const { errors } = await forms.ok<ActivateTemplateResponse>(forms.tpl.activate(draft.id));
    expect(errors).toEqual([MESSAGES.preparerFieldsUnsigned]);
  });

  it('goes live, is duplicated as a form and edited through a replica merged back', async () => {
    const form = await forms.live('Intake');
    expect(form.status).toBe('active');
    const copy = await forms.ok<Document>(forms.tpl.copy(form.id));
    expect(copy).toMatchObject({ type: 'form_request', status: 'active', title: 'Intake' });
    const replica = await forms.ok<Document>(forms.tpl.replica(form.id));
    expect(replica).toMatchObject({ type: 'form_request', status: 'replica' });
    await forms.ok(forms.patch(replica.id, { title: 'Intake v2' }));
    const merged = await forms.ok<Document>(forms.tpl.merge(form.id, replica.id));
    expect(merged).toMatchObject({ id: form.id, status: 'active', title: 'Intake v2' });
  });

  it('is listed by GET documents with type form_request, a disabled one too', async () => {
    const form = await forms.live('Listed');
    await forms.ok(forms.disable(form.id));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/documents?type=form_request&status=active,disabled&limit=50',
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    const body = response.json<DocumentListResponse>();
    expect(body.items.find((item) => item.id === form.id)?.status).toBe('disabled');
  });
});

describe('disable and enable', () => {
  it('moves live <-> disabled and refuses the moves that do not apply', async () => {
    const form = await forms.live();
    expect((await forms.enable(form.id)).statusCode).toBe(409);
    expect((await forms.ok<Document>(forms.disable(form.id))).status).toBe('disabled');
    expect((await forms.disable(form.id)).statusCode).toBe(409);
    expect((await forms.ok<Document>(forms.enable(form.id))).status).toBe('active');
    const draft = await forms.ok<Document>(forms.create());
    expect((await forms.disable(draft.id)).statusCode).toBe(409);
  });

  it('renames only a draft; a live form changes through its replica', async () => {
    const draft = await forms.ok<Document>(forms.create({ title: 'Old' }));
    expect((await forms.ok<Document>(forms.patch(draft.id, { title: 'New' }))).title).toBe('New');
    const live = await forms.live();
    expect((await forms.patch(live.id, { title: 'New' })).statusCode).toBe(409);
  });
});

describe('the public form', () => {
  it('answers a live form with its title and page count, nothing of its owner', async () => {
    const form = await forms.live('Visitor NDA');
    const response = await visitor(t.app).form(form.id);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ pdfUrl: string }>();
    expect(body).toMatchObject({
      id: form.id,
      title: 'Visitor NDA',
      pageCount: 2,
      firstPage: { width: expect.any(Number) },
    });
    expect(Object.keys(body).sort()).toEqual(['firstPage', 'id', 'pageCount', 'pdfUrl', 'title']);
    expect(response.body).not.toContain(owner.email);
    const pdf = await t.app.inject({ method: 'GET', url: new URL(body.pdfUrl).pathname + new URL(body.pdfUrl).search });
    expect(pdf.statusCode).toBe(200);
  });

  it('is not available for a draft, a disabled or a deleted form, or a template', async () => {
    const draft = await forms.ok<Document>(forms.create());
    const disabled = await forms.live();
    await forms.ok(forms.disable(disabled.id));
    const deleted = await forms.live();
    await forms.ok(
      t.app.inject({
        method: 'DELETE',
        url: '/api/v1/documents',
        headers: { authorization: `Bearer ${owner.accessToken}` },
        payload: { ids: [deleted.id] },
      }),
    );
    const template = await forms.tpl.live();
    for (const id of [draft.id, disabled.id, deleted.id, template.id]) {
      const page = await visitor(t.app).form(id);
      expect(page.statusCode).toBe(404);
      expect(message(page)).toBe(MESSAGES.formNotAvailable);
      const submit = await visitor(t.app).submit(id, { name: 'Ann Lee', email: uniqueEmail('ann') });
      expect(submit.statusCode).toBe(404);
      expect(message(submit)).toBe(MESSAGES.formNotAvailable);
    }
    expect(await madeFrom(disabled.id)).toHaveLength(0);
  });

  it('makes and sends a document for the visitor and opens it with a signing token of their own', async () => {
    const form = await forms.live('Waiver');
    const email = uniqueEmail('Visitor');
    const response = await visitor(t.app, '198.51.100.1').submit(form.id, { name: ' Ann  Lee ', email: ` ${email} ` });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(owner.email);
    const made = response.json<CreateFormDocumentResponse>();
    const signer = signerClient(t.app, made.signAccessToken);
    const signers = await signer('GET', `/document_sign/documents/${made.documentId}/signers`);
    expect(signers.statusCode).toBe(200);
    const document = await forms.ok<Document>(forms.tpl.docs.get(made.documentId));
    expect(document).toMatchObject({ status: 'awaiting', templateId: form.id, title: 'Waiver' });
    const visitorRow = document.signers.find((s) => s.id === made.signerId);
    expect(visitorRow).toMatchObject({ name: 'Ann Lee', email: email.toLowerCase(), isPreparer: false });
    expect(document.signers.find((s) => s.isPreparer)?.isFinished).toBe(true);
    expect(document.fields.filter((f) => f.signerId === made.signerId)).toHaveLength(1);
    await waitForMail(t.app, email.toLowerCase());

    const contracts = await forms.ok<SubmittedContract[]>(forms.contracts(form.id));
    expect(contracts).toEqual([
      expect.objectContaining({
        id: made.signerId,
        name: 'Ann Lee',
        email: email.toLowerCase(),
        document: { id: made.documentId, status: 'awaiting' },
      }),
    ]);
    await visitor(t.app, '198.51.100.2').submit(form.id, { name: 'Ann B. Lee', email });
    await visitor(t.app, '198.51.100.3').submit(form.id, { name: 'Bob Roe', email: uniqueEmail('bob') });
    const registered = await forms.ok<RegisteredUser[]>(forms.registeredUsers(form.id));
    expect(registered).toHaveLength(2);
    expect(registered.find((row) => row.email === email.toLowerCase())).toEqual({
      name: 'Ann B. Lee',
      email: email.toLowerCase(),
      submissions: 2,
    });
  });

  it("carries the owner's 'Me (Now)' fields as prepared, and none of another submission's values", async () => {
    const draft = await forms.readyDraft('Order form');
    const me = draft.signers.find((s) => s.isPreparer);
    const company = fieldInput({ type: 'text', signerId: me?.id ?? null, coordinateY: 200, text: 'Acme Ltd' });
    await forms.ok(forms.patch(draft.id, { fields: [...draft.fields, company] }));
    const { errors } = await forms.ok<ActivateTemplateResponse>(forms.tpl.activate(draft.id));
    expect(errors).toEqual([]);
    const first = (
      await visitor(t.app, '198.51.100.20').submit(draft.id, { name: 'Ann Lee', email: uniqueEmail() })
    ).json<CreateFormDocumentResponse>();
    const second = (
      await visitor(t.app, '198.51.100.21').submit(draft.id, { name: 'Bob Roe', email: uniqueEmail() })
    ).json<CreateFormDocumentResponse>();
    expect(second.documentId).not.toBe(first.documentId);
    const document = await forms.ok<Document>(forms.tpl.docs.get(first.documentId));
    const preparer = document.signers.find((s) => s.isPreparer);
    expect(document.fields.find((f) => f.signerId === preparer?.id)).toMatchObject({ type: 'text', text: 'Acme Ltd' });
    const asSecond = await signerClient(t.app, second.signAccessToken)(
      'GET',
      `/document_sign/documents/${first.documentId}/signers`,
    );
    expect(asSecond.statusCode).toBe(404);
  });

  it("refuses a bad name or e-mail with the field's message, making nothing", async () => {
    const form = await forms.live();
    const badEmail = await visitor(t.app).submit(form.id, { name: 'Ann', email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(message(badEmail)).toBe(MESSAGES.invalidEmail);
    const noName = await visitor(t.app).submit(form.id, { name: '  ', email: uniqueEmail() });
    expect(noName.statusCode).toBe(400);
    const html = await visitor(t.app).submit(form.id, { name: '<b>Ann</b>', email: uniqueEmail() });
    expect(html.statusCode).toBe(400);
    expect(await madeFrom(form.id)).toHaveLength(0);
  });

  it("says the form takes nothing now when its owner's quota is spent, and leaves nothing half made", async () => {
    const other = await authClient(t.app).loggedInUser();
    await setPlan(t.app, other.id, 'business');
    const client = formClient(t.app, other.accessToken);
    const form = await client.live();
    await t.app.platform.database.db
      .update(users)
      .set({ planType: 'free', freeDocumentsUsed: 3, freeDocumentsUsedLimit: 3 })
      .where(eq(users.id, other.id));
    const response = await visitor(t.app).submit(form.id, { name: 'Ann Lee', email: uniqueEmail() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: MESSAGES.formClosedForNow });
    expect(response.body).not.toContain(other.email);
    expect(await madeFrom(form.id)).toHaveLength(0);
    const rows = await t.app.platform.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.id));
    expect(rows).toHaveLength(0);
  });
});

describe("another user's form", () => {
  it('answers 404 on every form route', async () => {
    const form = await forms.live();
    const draft = await forms.ok<Document>(forms.create());
    const answers = [
      await stranger.patch(draft.id, { title: 'Mine' }),
      await stranger.disable(form.id),
      await stranger.enable(form.id),
      await stranger.contracts(form.id),
      await stranger.registeredUsers(form.id),
      await stranger.tpl.activate(draft.id),
      await stranger.tpl.copy(form.id),
      await stranger.tpl.replica(form.id),
      await stranger.tpl.patch(draft.id, { title: 'Mine' }),
    ];
    for (const answer of answers) expect(answer.statusCode).toBe(404);
    expect(message(answers[0] ?? (await stranger.contracts(form.id)))).toBe(MESSAGES.formNotFound);
  });

  it('answers 404 on the form routes for a template', async () => {
    const template = await forms.tpl.live();
    expect((await forms.contracts(template.id)).statusCode).toBe(404);
    expect((await forms.disable(template.id)).statusCode).toBe(404);
  });
});
