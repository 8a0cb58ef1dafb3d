import { randomUUID } from 'node:crypto';
import { type ActivateTemplateResponse, type Document, type DocumentListResponse, MESSAGES } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentFactory } from '../../../test/document-factory.js';
import { corpusFile, fieldInput } from '../../../test/documents.js';
import { signerClient } from '../../../test/signing.js';
import { setPlan, templateClient } from '../../../test/templates.js';
import { documentParts } from '../../platform/db/schema.js';

let t: TestApp;
let tpl: ReturnType<typeof templateClient>;
let stranger: ReturnType<typeof templateClient>;
beforeAll(async () => {
  t = await createTestApp();
  const user = await authClient(t.app).loggedInUser();
  await setPlan(t.app, user.id, 'business');
  tpl = templateClient(t.app, user.accessToken);
  stranger = templateClient(t.app, (await authClient(t.app).loggedInUser()).accessToken);
});

const signedUrl = (client: ReturnType<typeof templateClient>, key: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/get_signed_url', headers: client.docs.headers, payload: { key } });
afterAll(async () => {
  await t?.close();
});

const roleNames = (document: Document) => document.signers.map((signer) => signer.role);
const fileKeys = async (documentId: string) =>
  (
    await t.app.platform.database.db
      .select({ original: documentParts.originalFileKey, pdf: documentParts.pdfFileKey })
      .from(documentParts)
      .where(eq(documentParts.documentId, documentId))
  ).flatMap((row) => [row.original, row.pdf]);

describe('a template from draft to live', () => {
  it('is created as a draft whose signers are roles', async () => {
    const response = await tpl.create({ title: 'NDA', roles: [{ role: ' Client ' }, { role: 'Manager' }] });
    expect(response.statusCode).toBe(200);
    const template = response.json<Document>();
    expect(template).toMatchObject({ type: 'template', status: 'draft', title: 'NDA', templateId: null });
    expect(template.signers.map((s) => [s.role, s.name, s.email, s.order])).toEqual([
      ['Client', '', '', 1],
      ['Manager', '', '', 2],
    ]);
  });

  it("refuses bad input with the field's message", async () => {
    const blankRole = await tpl.create({ roles: [{ role: '  ' }] });
    expect(blankRole.statusCode).toBe(400);
    expect(blankRole.json<{ message: string }>().message).toBe(MESSAGES.onlySpaces);
    const longTitle = await tpl.create({ title: 'x'.repeat(101) });
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.json<{ message: string }>().message).toBe(MESSAGES.maxLength100);
    const template = await tpl.ok<Document>(tpl.create());
    const foreignRole = await tpl.patch(template.id, { roles: [{ id: randomUUID(), role: 'Client' }] });
    expect(foreignRole.statusCode).toBe(400);
    const noId = await tpl.merge('not-a-uuid', template.id);
    expect(noId.statusCode).toBe(400);
  });

  it('stays a draft and lists the requirements not met', async () => {
    const template = await tpl.ok<Document>(tpl.create({ roles: [{ role: 'Client' }, { role: 'client' }] }));
    const response = await tpl.activate(template.id);
    expect(response.statusCode).toBe(200);
    const { template: saved, errors } = response.json<ActivateTemplateResponse>();
    expect(saved.status).toBe('draft');
    expect(errors).toEqual(
      expect.arrayContaining([MESSAGES.signersIdentical, MESSAGES.templateNeedsFile, MESSAGES.documentNeedsField]),
    );
  });

  it('lists a field without a role and a role without fields', async () => {
    const draft = await tpl.readyDraft();
    const [client] = draft.signers;
    const fields = [fieldInput({ signerId: client?.id ?? null }), fieldInput({ signerId: null, coordinateY: 80 })];
    await tpl.ok(tpl.patch(draft.id, { fields }));
    const { template, errors } = await tpl.ok<ActivateTemplateResponse>(tpl.activate(draft.id));
    expect(template.status).toBe('draft');
    expect(errors).toEqual([MESSAGES.fieldsWithoutSigner, 'Signer/Role Manager has no fields assigned']);
  });

  it('becomes live when it meets every requirement, and only a draft changes', async () => {
    const draft = await tpl.readyDraft();
    const { template, errors } = await tpl.ok<ActivateTemplateResponse>(tpl.activate(draft.id));
    expect(errors).toEqual([]);
    expect(template.status).toBe('active');
    const patched = await tpl.patch(template.id, { title: 'Changed' });
    expect(patched.statusCode).toBe(409);
  });

  it('renames roles in place and reassigns the fields of a removed role to nobody', async () => {
    const draft = await tpl.readyDraft();
    const [client, manager] = draft.signers;
    const saved = await tpl.ok<Document>(
      tpl.patch(draft.id, { title: 'Renamed', roles: [{ id: client?.id, role: 'Buyer' }] }),
    );
    expect(saved.title).toBe('Renamed');
    expect(saved.signers.map((s) => [s.id, s.role])).toEqual([[client?.id, 'Buyer']]);
    expect(saved.fields.filter((f) => f.signerId === null)).toHaveLength(1);
    expect(saved.fields.some((f) => f.signerId === manager?.id)).toBe(false);
  });

  it('moves active <-> api, and refuses the moves that do not apply', async () => {
    const template = await tpl.live();
    expect((await tpl.removeFromApi(template.id)).statusCode).toBe(409);
    expect((await tpl.ok<Document>(tpl.addToApi(template.id))).status).toBe('api');
    expect((await tpl.addToApi(template.id)).statusCode).toBe(409);
    expect((await tpl.ok<Document>(tpl.removeFromApi(template.id))).status).toBe('active');
    const draft = await tpl.ok<Document>(tpl.create());
    expect((await tpl.addToApi(draft.id)).statusCode).toBe(409);
  });

  it('lists live templates for the pickers and templates in GET documents by type and status', async () => {
    const template = await tpl.live(['Tenant'], 'Lease');
    const draft = await tpl.ok<Document>(tpl.create({ title: 'Unfinished' }));
    const options = await tpl.liveList();
    expect(options.find((o) => o.id === template.id)).toEqual({
      id: template.id,
      title: 'Lease',
      message: null,
      signers: [{ id: template.signers[0]?.id, role: 'Tenant', order: 1, prefillLabels: [] }],
    });
    expect(options.some((o) => o.id === draft.id)).toBe(false);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/documents?type=template&status=active&limit=100',
      headers: tpl.docs.headers,
    });
    const ids = listed.json<DocumentListResponse>().items.map((item) => item.id);
    expect(ids).toContain(template.id);
    expect(ids).not.toContain(draft.id);
  });
});

describe('copies', () => {
  it('duplicates a template with its own parts, roles and fields, sharing the stored files', async () => {
    const source = await tpl.live();
    const copy = await tpl.ok<Document>(tpl.copy(source.id));
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({ type: 'template', status: 'active', title: source.title });
    expect(roleNames(copy)).toEqual(roleNames(source));
    expect(copy.parts.map((p) => p.id)).not.toEqual(source.parts.map((p) => p.id));
    expect(await fileKeys(copy.id)).toEqual(await fileKeys(source.id));
    const copyRoles = new Set(copy.signers.map((s) => s.id));
    expect(copy.fields.every((f) => f.signerId && copyRoles.has(f.signerId))).toBe(true);
    expect(copy.fields.map((f) => f.id).some((id) => source.fields.some((f) => f.id === id))).toBe(false);
  });

  it("copies the newer kinds' settings with their fields, as one record (issue 37)", async () => {
    const draft = await tpl.readyDraft(['Client'], 'Order');
    const clientId = draft.signers[0]?.id as string;
    const settings = [
      { type: 'number' as const, settings: { name: 'qty', min: 1, decimals: 0, suffix: ' pcs' } },
      { type: 'dropdown' as const, settings: { choices: ['Basic', 'Pro'] } },
      { type: 'formula' as const, settings: { formula: 'qty * 2' } },
      {
        type: 'text' as const,
        settings: { pattern: 'custom' as const, customPattern: '\\d{5}', patternMessage: 'Five digits' },
      },
    ];
    const fields = [
      ...draft.fields,
      ...settings.map((field, index) => fieldInput({ ...field, signerId: clientId, coordinateY: 200 + 40 * index })),
    ];
    const saved = await tpl.ok<Document>(tpl.patch(draft.id, { fields }));
    const bad = await tpl.patch(draft.id, {
      fields: [...fields, fieldInput({ type: 'text', signerId: clientId, settings: { customPattern: '(a+)+' } })],
    });
    expect(bad.statusCode).toBe(400);
    const activated = await tpl.ok<ActivateTemplateResponse>(tpl.activate(saved.id));
    expect(activated.errors).toEqual([]);
    const copy = await tpl.ok<Document>(tpl.copy(saved.id));
    const kinds = (document: Document) =>
      document.fields
        .filter((field) => field.settings !== null)
        .map((field) => ({ type: field.type, settings: field.settings }))
        .sort((a, b) => a.type.localeCompare(b.type));
    expect(kinds(copy)).toEqual(kinds(saved));
    expect(kinds(copy)).toHaveLength(4);
  });

  it('removes a shared file only when no copy names it any more', async () => {
    const source = await tpl.readyDraft();
    const copy = await tpl.ok<Document>(tpl.copy(source.id));
    expect(copy.status).toBe('draft');
    const keys = (await fileKeys(source.id)).filter((key) => key !== null);
    const clean = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/documents/${id}/file_clean`,
        headers: tpl.docs.headers,
        payload: {},
      });
    expect((await clean(copy.id)).statusCode).toBe(200);
    for (const key of keys) expect(await t.app.platform.storage.exists(key)).toBe(true);
    expect((await clean(source.id)).statusCode).toBe(200);
    for (const key of keys) expect(await t.app.platform.storage.exists(key)).toBe(false);
  });
});

describe('replica and merge', () => {
  it('edits a replica and merges it into its source, which keeps its id', async () => {
    const source = await tpl.live(['Client', 'Manager'], 'Old title');
    const replica = await tpl.ok<Document>(tpl.replica(source.id));
    expect(replica).toMatchObject({ status: 'replica', sourceTemplateId: source.id, title: 'Old title' });
    // Opening the editor again answers the same replica: they do not pile up or overwrite each other.
    expect((await tpl.ok<Document>(tpl.replica(source.id))).id).toBe(replica.id);
    expect(replica.signers.map((s) => s.id)).not.toEqual(source.signers.map((s) => s.id));
    const [client, manager] = replica.signers;
    await tpl.ok(
      tpl.patch(replica.id, {
        title: 'New title',
        roles: [
          { id: client?.id, role: 'Buyer' },
          { id: manager?.id, role: 'Seller' },
        ],
      }),
    );
    const merged = await tpl.ok<Document>(tpl.merge(source.id, replica.id));
    expect(merged).toMatchObject({ id: source.id, title: 'New title', status: 'active' });
    expect(roleNames(merged)).toEqual(['Buyer', 'Seller']);
    expect(merged.fields).toHaveLength(2);
    expect((await tpl.docs.get(replica.id)).statusCode).toBe(404);
    expect((await tpl.merge(source.id, replica.id)).statusCode).toBe(404);
  });

  it("merges a replica's new files into its source, leaving the files a document made from it uses", async () => {
    const source = await tpl.live(['Client'], 'Files');
    const made = await tpl.ok<Document>(
      tpl.createDocument(source.id, { signers: [{ name: 'Bob Stone', email: 'bob@example.com' }] }),
    );
    const replica = await tpl.ok<Document>(tpl.replica(source.id));
    const cleaned = await t.app.inject({
      method: 'POST',
      url: `/api/v1/documents/${replica.id}/file_clean`,
      headers: tpl.docs.headers,
      payload: {},
    });
    expect(cleaned.statusCode, cleaned.body).toBe(200);
    await tpl.docs.uploadOk(replica.id, 'other.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
    await tpl.docs.waitUntilFinished(replica.id);
    await tpl.ok(tpl.patch(replica.id, { fields: [fieldInput({ signerId: replica.signers[0]?.id ?? null })] }));
    const merged = await tpl.ok<Document>(tpl.merge(source.id, replica.id));
    expect(merged.parts.map((part) => part.originalFileName)).toEqual(['other.pdf']);
    expect(merged.pdfFileKey).not.toBe(source.pdfFileKey);
    // The merged files are stored under the removed replica's folder, and answered to the template's owner.
    expect(merged.pdfFileKey?.startsWith(`documents/${replica.id}/`)).toBe(true);
    expect((await signedUrl(tpl, merged.pdfFileKey ?? '')).statusCode).toBe(200);
    for (const key of await fileKeys(made.id)) if (key) expect(await t.app.platform.storage.exists(key)).toBe(true);
  });

  it('is not sent, and its roles change only as roles', async () => {
    const draft = await tpl.readyDraft(['Client']);
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/document_sign/documents/${draft.id}/send_out`,
      headers: tpl.docs.headers,
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json<{ message: string }>().message).toBe(MESSAGES.templateNotSent);
    const patched = await tpl.docs.patch(draft.id, { signers: [{ name: 'Bob', email: 'bob@example.com', order: 1 }] });
    expect(patched.statusCode).toBe(400);
    expect(patched.json<{ message: string }>().message).toBe(MESSAGES.templateSignersAreRoles);
  });

  it('refuses a replica of another template and a replica that does not meet the requirements', async () => {
    const source = await tpl.live();
    const elsewhere = await tpl.live();
    const replica = await tpl.ok<Document>(tpl.replica(elsewhere.id));
    expect((await tpl.merge(source.id, replica.id)).statusCode).toBe(404);
    await tpl.ok(tpl.patch(replica.id, { fields: [] }));
    const refused = await tpl.merge(elsewhere.id, replica.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.documentNeedsField);
    const draft = await tpl.ok<Document>(tpl.create());
    expect((await tpl.replica(draft.id)).statusCode).toBe(409);
  });
});

describe('a document from a template', () => {
  const signers = [
    { name: 'Bob Stone', email: 'Bob@Example.com' },
    { name: 'Carol King', email: 'carol@example.com' },
  ];

  it('is a draft of its own that keeps its copy after the template changes or is deleted', async () => {
    const template = await tpl.live(['Client', 'Manager'], 'Offer');
    const response = await tpl.createDocument(template.id, { signers });
    expect(response.statusCode, response.body).toBe(200);
    const made = response.json<Document>();
    expect(made).toMatchObject({ type: 'others', status: 'draft', title: 'Offer', templateId: template.id });
    expect(made.signers.map((s) => [s.role, s.name, s.email, s.order])).toEqual([
      ['Client', 'Bob Stone', 'bob@example.com', 1],
      ['Manager', 'Carol King', 'carol@example.com', 2],
    ]);
    expect(made.fields.map((f) => made.signers.findIndex((s) => s.id === f.signerId))).toEqual([0, 1]);

    const replica = await tpl.ok<Document>(tpl.replica(template.id));
    await tpl.ok(tpl.patch(replica.id, { title: 'Offer v2', roles: [{ id: replica.signers[0]?.id, role: 'Only' }] }));
    await tpl.ok(tpl.patch(replica.id, { fields: [fieldInput({ signerId: replica.signers[0]?.id ?? null })] }));
    await tpl.ok(tpl.merge(template.id, replica.id));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/documents',
      headers: tpl.docs.headers,
      payload: { ids: [template.id] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const kept = (await tpl.docs.get(made.id)).json<Document>();
    expect(kept).toEqual(made);
    for (const key of await fileKeys(made.id)) if (key) expect(await t.app.platform.storage.exists(key)).toBe(true);
    // Its files are stored under the deleted template's folder, and still answered to the document's owner.
    for (const key of [kept.pdfFileKey, ...(await fileKeys(made.id))]) {
      expect(key?.startsWith(`documents/${template.id}/`)).toBe(true);
      expect((await signedUrl(tpl, key ?? '')).statusCode).toBe(200);
      expect((await signedUrl(stranger, key ?? '')).statusCode).toBe(404);
    }
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/document_sign/documents/${made.id}/send_out`,
      headers: tpl.docs.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<Document>().status).toBe('awaiting');
    // The signer's PDF is the template's stored file, served by its signed URL.
    const bob = made.signers[0]?.id ?? '';
    const asSigner = signerClient(t.app, await documentFactory(t.app).token(made.id, bob));
    const seen = await asSigner('GET', `/document_sign/signers/${bob}/document/${made.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    const pdfUrl = new URL(seen.json<{ document: { pdfUrl: string } }>().document.pdfUrl);
    const pdf = await t.app.inject({ method: 'GET', url: `${pdfUrl.pathname}${pdfUrl.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('needs one valid signer per role and a live template', async () => {
    const template = await tpl.live(['Client', 'Manager']);
    const short = await tpl.createDocument(template.id, { signers: signers.slice(0, 1) });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toBe(MESSAGES.templateSignersPerRole);
    const bad = await tpl.createDocument(template.id, { signers: [signers[0], { name: 'X', email: 'nope' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(MESSAGES.signerEmailInvalid);
    const draft = await tpl.readyDraft(['Client']);
    expect((await tpl.createDocument(draft.id, { signers: signers.slice(0, 1) })).statusCode).toBe(409);
  });

  it("adds the preparer for Me & Others, and gives Only Me's one role to the preparer", async () => {
    const template = await tpl.live(['Client'], 'Lease');
    const withMe = await tpl.ok<Document>(
      tpl.createDocument(template.id, { type: 'me_and_other', signers: signers.slice(0, 1) }),
    );
    expect(withMe.type).toBe('me_and_other');
    const me = (await tpl.docs.get(withMe.id)).json<Document>().signers.find((s) => s.isPreparer);
    expect(withMe.signers.map((s) => [s.isPreparer, s.order, s.email])).toEqual([
      [true, -1, me?.email],
      [false, 1, 'bob@example.com'],
    ]);
    const onlyMe = await tpl.ok<Document>(tpl.createDocument(template.id, { type: 'me', signers: [] }));
    expect(onlyMe.type).toBe('me');
    expect(onlyMe.signers.map((s) => [s.isPreparer, s.order, s.email, s.role])).toEqual([
      [true, -1, me?.email, 'Client'],
    ]);
    expect(onlyMe.fields.map((f) => f.signerId)).toEqual([onlyMe.signers[0]?.id]);
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/document_sign/documents/${withMe.id}/send_out`,
      headers: tpl.docs.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const twoRoles = await tpl.live(['Client', 'Manager']);
    const refused = await tpl.createDocument(twoRoles.id, { type: 'me', signers: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.templateOneRoleForMe);
    const none = await tpl.createDocument(twoRoles.id, { type: 'others', signers: [] });
    expect(none.json<{ message: string }>().message).toBe(MESSAGES.documentNeedsSigner);
  });

  it('is not made by POST documents, which would skip the template quota', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: tpl.docs.headers,
      payload: { type: 'template' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('gets the old or the new version whole when a merge races it', async () => {
    const template = await tpl.live(['Client', 'Manager'], 'Before');
    const replica = await tpl.ok<Document>(tpl.replica(template.id));
    await tpl.ok(tpl.patch(replica.id, { title: 'After', roles: [{ id: replica.signers[0]?.id, role: 'Solo' }] }));
    await tpl.ok(tpl.patch(replica.id, { fields: [fieldInput({ signerId: replica.signers[0]?.id ?? null })] }));
    const [made, merged] = await Promise.all([
      tpl.createDocument(template.id, { signers }),
      tpl.merge(template.id, replica.id),
    ]);
    expect(merged.statusCode).toBe(200);
    if (made.statusCode === 200) {
      // Made first: the old version whole (two roles, two fields, the old title).
      const document = made.json<Document>();
      expect([document.title, roleNames(document), document.fields.length]).toEqual([
        'Before',
        ['Client', 'Manager'],
        2,
      ]);
    } else {
      // Made after the merge: the new version has one role, so two signers no longer fit.
      expect(made.statusCode).toBe(400);
      const after = await tpl.ok<Document>(tpl.createDocument(template.id, { signers: signers.slice(0, 1) }));
      expect([after.title, roleNames(after), after.fields.length]).toEqual(['After', ['Solo'], 1]);
    }
  });
});
