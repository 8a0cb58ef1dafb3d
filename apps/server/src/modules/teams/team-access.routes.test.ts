import type { ActivateTemplateResponse, BulkSendBatch, Document, DocumentListResponse } from '@esign/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app.js';
import { documentFactory } from '../../../test/document-factory.js';
import { corpusFile, fieldInput } from '../../../test/documents.js';
import { teamClient } from '../../../test/teams.js';
import { templateClient } from '../../../test/templates.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const awaitingDocument = (userId: string, title: string) =>
  documentFactory(t.app).create(userId, {
    title,
    status: 'awaiting',
    signers: [{ name: 'Sam Signer', email: 'sam@example.com' }],
  });

describe("a team's documents through the one access policy", () => {
  it("shows the owner and admins the team's list ('Team'), a user only their own, another team nothing", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(2, 1);
    const [admin, user] = members;
    if (!admin || !user) throw new Error('team not made');
    const usersDocument = await awaitingDocument(user.id, 'Made by the user');
    const ownersDocument = await awaitingDocument(owner.id, 'Made by the owner');
    const foreign = await team(1, 1);

    for (const viewer of [owner, admin]) {
      const list = (await call(viewer, 'GET', '/documents?scope=team')).json<DocumentListResponse>();
      expect(list.items.map((item) => item.id).sort()).toEqual([usersDocument.id, ownersDocument.id].sort());
      expect(list.totalItems).toBe(2);
    }
    const mine = (await call(admin, 'GET', '/documents')).json<DocumentListResponse>();
    expect(mine.totalItems).toBe(0);
    expect((await call(user, 'GET', '/documents?scope=team')).statusCode).toBe(403);
    const foreignList = (await call(foreign.owner, 'GET', '/documents?scope=team')).json<DocumentListResponse>();
    expect(foreignList.items.map((item) => item.id)).not.toContain(usersDocument.id);

    // The list's cache follows every member's change: a new document of the user shows at once.
    const later = await awaitingDocument(user.id, 'Later');
    const after = (await call(admin, 'GET', '/documents?scope=team')).json<DocumentListResponse>();
    expect(after.items.map((item) => item.id)).toContain(later.id);
  });

  it("lets the owner and admins copy a teammate's signing link; a user and another team's admin get 404", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(2, 1);
    const [admin, user] = members;
    const foreign = await team(1, 1);
    const foreignAdmin = foreign.members[0];
    if (!admin || !user || !foreignAdmin) throw new Error('team not made');
    const document = await awaitingDocument(user.id, 'Needs a link');
    const [signer] = document.signers;
    const url = `/document_sign/documents/${document.id}/signing_url?userId=${signer?.id}`;
    for (const viewer of [owner, admin, user]) {
      const answer = await call(viewer, 'GET', url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().signingUrl).toContain('/sign');
    }
    const ownersDocument = await awaitingDocument(owner.id, 'The owner’s');
    const ownersSigner = ownersDocument.signers[0];
    const userAsks = await call(
      user,
      'GET',
      `/document_sign/documents/${ownersDocument.id}/signing_url?userId=${ownersSigner?.id}`,
    );
    expect(userAsks.statusCode).toBe(404);
    expect((await call(foreignAdmin, 'GET', url)).statusCode).toBe(404);
    // Seeing is not managing: an admin cannot delete a teammate's document.
    const deleted = await call(admin, 'DELETE', '/documents', { ids: [document.id] });
    expect(deleted.statusCode).toBe(404);
  });

  it("offers teammates' live templates in the pickers, and only with withTeammateTemplates", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(1);
    const [user] = members;
    if (!user) throw new Error('team not made');
    const template = await documentFactory(t.app).create(owner.id, {
      type: 'template',
      status: 'active',
      title: 'Team NDA',
    });
    const picked = (await call(user, 'GET', '/documents/all/templates?withTeammateTemplates=true')).json();
    expect(picked.map((row: { id: string }) => row.id)).toContain(template.id);
    const own = (await call(user, 'GET', '/documents/all/templates')).json();
    expect(own.map((row: { id: string }) => row.id)).not.toContain(template.id);
  });
});

describe('each role on templates, forms, zips and bulk batches (one policy)', () => {
  // Cause: GET documents/{id} asked the policy for `document.view`, which a template's team admins have, so they
  // opened a teammate's template or form (fields, roles, prepared values); the zip download compared owner ids
  // itself and answered a team's admins 404 although the policy lets them view (and download) the document.
  it("answers the owner alone a template or form, the team's owner and admins a teammate's document zip", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(3, 1);
    const [admin, member, teammate] = members;
    const foreign = (await team(1, 1)).members[0];
    if (!admin || !member || !teammate || !foreign) throw new Error('team not made');
    const factory = documentFactory(t.app);
    const template = await factory.create(member.id, { type: 'template', status: 'active', title: 'Member NDA' });
    const form = await factory.create(member.id, { type: 'form_request', status: 'active', title: 'Member form' });
    const document = await factory.create(member.id, {
      title: 'Deal',
      status: 'awaiting',
      signers: [{ name: 'Sam Signer', email: 'sam@example.com' }],
      pdf: Buffer.from('%PDF-1.4 deal'),
    });
    const roles = { owner, admin, member, teammate, foreign };
    const statuses = async (ask: (session: { accessToken: string }) => Promise<{ statusCode: number }>) => {
      const answers: Record<string, number> = {};
      for (const [role, session] of Object.entries(roles)) answers[role] = (await ask(session)).statusCode;
      return answers;
    };
    // Templates and forms are their owner's; the team sees them (they may use them), so theirs is 403.
    const mineOnly = { owner: 403, admin: 403, member: 200, teammate: 403, foreign: 404 };
    expect(await statuses((session) => call(session, 'GET', `/documents/${template.id}`))).toEqual(mineOnly);
    expect(await statuses((session) => call(session, 'GET', `/documents/${form.id}`))).toEqual(mineOnly);
    expect(await statuses((session) => call(session, 'GET', `/documents/form-requests/${form.id}/contracts`))).toEqual(
      mineOnly,
    );
    // A document: its owner and the team's owner and admins view and download it; a teammate user does not see it.
    const sees = { owner: 200, admin: 200, member: 200, teammate: 404, foreign: 404 };
    expect(await statuses((session) => call(session, 'GET', `/documents/${document.id}`))).toEqual(sees);
    expect(
      await statuses((session) => call(session, 'POST', '/documents/download_zip', { ids: [document.id] })),
    ).toEqual(sees);
    const zipped = await call(admin, 'POST', '/documents/download_zip', { ids: [document.id] });
    expect(Object.keys(unzipSync(new Uint8Array(zipped.rawPayload)))).toEqual(['Deal.pdf']);
    // Managing stays the owner's: deleting a teammate's document is 404 for those who may not see it, 403 else.
    expect(await statuses((session) => call(session, 'PATCH', `/documents/${document.id}/revert`))).toEqual({
      owner: 403,
      admin: 403,
      member: 200,
      teammate: 404,
      foreign: 404,
    });
  });

  it("lets the whole team bulk-send a teammate's template, and shows each batch to its sender alone", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(2, 1);
    const [admin, member] = members;
    const foreign = (await team(1, 1)).members[0];
    if (!admin || !member || !foreign) throw new Error('team not made');
    const templates = templateClient(t.app, owner.accessToken);
    const draft = await templates.ok<Document>(templates.create({ title: 'Offer', roles: [{ role: 'Client' }] }));
    await templates.docs.uploadOk(draft.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
    await templates.docs.waitUntilFinished(draft.id);
    const signerId = draft.signers[0]?.id ?? null;
    const fields = [
      fieldInput({ signerId }),
      fieldInput({ signerId, type: 'text', placeholder: 'Company', required: false, coordinateY: 80 }),
    ];
    await templates.ok(templates.patch(draft.id, { fields }));
    const activated = await templates.ok<ActivateTemplateResponse>(templates.activate(draft.id));
    expect(activated.errors).toEqual([]);
    // The picker carries what the bulk-send page needs of a teammate's template (it may not open the template).
    const picked = (await call(member, 'GET', '/documents/all/templates?withTeammateTemplates=true')).json();
    expect(picked.find((row: { id: string }) => row.id === draft.id)?.signers).toEqual([
      { id: signerId, role: 'Client', order: 1, prefillLabels: ['Company'] },
    ]);
    const rows = [{ name: 'Ann Lee', email: uniqueEmail('bulk') }];
    const sent = await call(member, 'POST', '/document_sign/bulk_send', { templateId: draft.id, rows });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await call(foreign, 'POST', '/document_sign/bulk_send', { templateId: draft.id, rows })).statusCode).toBe(
      404,
    );
    const batch = sent.json<{ batch: BulkSendBatch }>().batch;
    const answers: Record<string, number> = {};
    for (const [role, session] of Object.entries({ owner, admin, member, foreign })) {
      answers[role] = (await call(session, 'GET', `/document_sign/bulk_send/${batch.id}`)).statusCode;
      answers[`${role} retry`] = (await call(session, 'POST', `/document_sign/bulk_send/${batch.id}/retry`)).statusCode;
    }
    expect(answers).toEqual({
      owner: 404,
      'owner retry': 404,
      admin: 404,
      'admin retry': 404,
      member: 200,
      // Nothing failed to send again: the sender's own batch answers 409, everyone else's 404.
      'member retry': 409,
      foreign: 404,
      'foreign retry': 404,
    });
  });
});

describe("the owner's settings", () => {
  it("answers a team's admin and user 404 for billing calls, and the owner the call itself", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(2, 1);
    for (const member of members) {
      expect((await call(member, 'GET', '/subscriptions')).statusCode).toBe(404);
      expect((await call(member, 'GET', '/credit-card')).statusCode).toBe(404);
      expect((await call(member, 'POST', '/plans/change', { type: 'free', duration: 'monthly' })).statusCode).toBe(404);
    }
    expect((await call(owner, 'GET', '/subscriptions')).statusCode).toBe(200);
  });
});
